import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '@/registry/diagnostics';
import { logger } from './logger';
import { logPluginProblems } from './log-plugin-problems';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('logPluginProblems', () => {
  it('logs each plugin problem once, in the words of the catalogue panel', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const broken: Diagnostic = { kind: 'failed', source: 'acme-tools', entry: './index.js#Broken', phase: 'construct', message: 'constructor() failed: boom' };
    const clash: Diagnostic = { kind: 'conflict', source: 'other-pkg', toolName: 'search', message: 'Two plugins claim "search"' };

    logPluginProblems([broken, clash]);
    logPluginProblems([broken, clash]);
    logPluginProblems([broken]);

    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[1]).toBe('Failed: acme-tools ./index.js#Broken: constructor() failed: boom');
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ pluginProblem: { kind: 'failed', source: 'acme-tools', phase: 'construct' } });
    expect(warn.mock.calls[1]?.[1]).toBe('Name conflict: other-pkg: Two plugins claim "search"');
  });
});
