import { describe, expect, it } from 'vitest';
import { configReferenceProblems, resolveReferences, secretValueProblem } from '@/lib/mcp-servers/server-config';
import { envAllowlist, referencesIn } from './references';

describe('references', () => {
  it('reads ${secret:NAME} as a secret, ${NAME} as an environment variable, and anything else in ${…} as malformed', () => {
    expect(referencesIn('Bearer ${secret:GITHUB_TOKEN} ${HOME} ${secret:} ${A B} ${secret:1x} $HOME {X}')).toEqual([
      { kind: 'secret', name: 'GITHUB_TOKEN', text: '${secret:GITHUB_TOKEN}' },
      { kind: 'env', name: 'HOME', text: '${HOME}' },
      { kind: 'invalid', text: '${secret:}' },
      { kind: 'invalid', text: '${A B}' },
      { kind: 'invalid', text: '${secret:1x}' },
    ]);
  });

  it('allows the names and PREFIX_* entries of SERVER_ENV_ALLOWLIST, and nothing when it is unset, empty or a bare *', () => {
    const allowed = envAllowlist(' GITHUB_TOKEN , MCP_* ,');
    expect(allowed('GITHUB_TOKEN')).toBe(true);
    expect(allowed('MCP_URL')).toBe(true);
    expect(allowed('MCP_')).toBe(true);
    expect(allowed('GITHUB_TOKEN2')).toBe(false);
    expect(allowed('ADMIN_PASSWORD')).toBe(false);
    expect(allowed('XMCP_URL')).toBe(false);
    for (const setting of [undefined, '', ' , ', '*']) {
      expect(envAllowlist(setting)('PATH')).toBe(false);
      expect(envAllowlist(setting)('ADMIN_PASSWORD')).toBe(false);
    }
  });

  it('refuses, with each field\'s pointer, a variable outside the allowlist, a malformed reference, an unknown secret, a secret in an argument and a literal credential', () => {
    const rule = { isEnvAllowed: envAllowlist('MCP_*'), secretNames: new Set(['KNOWN']) };
    const http = { transport: 'http' as const, url: 'http://127.0.0.1:1/x?p=${ADMIN_PASSWORD}&q=${MCP_Q}', headers: { 'X-A': '${BETTER_AUTH_SECRET}', Authorization: 'Bearer ${secret:KNOWN}', 'X-Api-Key': 'literal', 'X-B': '${secret:MISSING}', 'X/C': '${secret:}' } };
    expect(configReferenceProblems(http, rule).map((problem) => problem.pointer)).toEqual(['/url', '/headers/X-A', '/headers/X-Api-Key', '/headers/X-B', '/headers/X~1C']);
    const stdio = { transport: 'stdio' as const, command: 'node', args: ['--token=${secret:KNOWN}', '${MCP_DIR}'], env: { API_TOKEN: '${secret:KNOWN}', HOME_DIR: '${HOME}' } };
    expect(configReferenceProblems(stdio, rule).map((problem) => problem.pointer)).toEqual(['/args/0', '/env/HOME_DIR']);
    expect(configReferenceProblems(http, rule)[0]?.message).toContain('${ADMIN_PASSWORD}');
  });

  it('takes a credential only as one reference, now suggesting ${secret:NAME}', () => {
    expect(secretValueProblem('Authorization', 'Bearer ${secret:TOKEN}')).toBeUndefined();
    expect(secretValueProblem('Authorization', 'Bearer ${TOKEN}')).toBeUndefined();
    expect(secretValueProblem('Authorization', 'Bearer abc')).toContain('${secret:AUTHORIZATION}');
    expect(secretValueProblem('X-Trace', 'plain')).toBeUndefined();
  });

  it('resolves through the lookup, which names the reference when it refuses', () => {
    const lookup = (reference: { kind: string; name: string; text: string }) => {
      if (reference.kind === 'secret' && reference.name === 'T') return 'v4lue';
      throw new Error(`${reference.text} cannot be resolved`);
    };
    expect(resolveReferences({ Authorization: 'Bearer ${secret:T}' }, lookup)).toEqual({ Authorization: 'Bearer v4lue' });
    expect(() => resolveReferences('http://h/${ADMIN_PASSWORD}', lookup)).toThrow('${ADMIN_PASSWORD} cannot be resolved');
    expect(() => resolveReferences('http://h/${A B}', lookup)).toThrow('${A B} is not a reference');
  });
});
