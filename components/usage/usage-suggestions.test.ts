import { describe, expect, it } from 'vitest';
import type { UsageReport, UsageStats } from '@/lib/client-api/usage-api';
import { usageSuggestions } from './usage-suggestions';

const stats = (calls: number, errors: Partial<UsageStats['errors']> = {}, p95 = 10): UsageStats => {
  const all = { badArguments: 0, toolError: 0, timeout: 0, unavailable: 0, denied: 0, ...errors };
  const failed = Object.values(all).reduce((sum, count) => sum + count, 0);
  return { calls, ok: calls - failed, errors: all, errorRate: calls ? failed / calls : 0, durationMs: { p50: 1, p95, p99: p95, mean: 1, max: p95 }, resultBytes: { total: 0, mean: 0 } };
};

const report = (groups: (UsageStats & { key: string })[]): UsageReport => ({ from: '', to: '', bucket: 'day', totals: stats(0), series: [], groups, callLimitMs: 30_000 });

describe('usage suggestions', () => {
  it('suggests removing an assigned tool the lint reports not called in 30 days, with its token cost, and excluding a rule-given one', () => {
    const suggestions = usageSuggestions({
      agentId: 'a',
      usage: report([{ key: 'used', ...stats(3) }]),
      tokens: [{ name: 'used', tokens: 50 }, { name: 'idle', tokens: 800 }, { name: 'new', tokens: 90 }, { name: 'fs_list_dir', tokens: 120 }],
      notCalled: new Set(['idle', 'fs_list_dir']),
      assigned: new Set(['used', 'idle', 'new']),
    });
    expect(suggestions).toEqual([
      { kind: 'unused', toolName: 'idle', text: 'idle was not called in 30 days: remove it to save 800 tokens per turn.', action: { label: 'Remove idle', removes: 'idle' } },
      { kind: 'unused', toolName: 'fs_list_dir', text: expect.stringContaining('120 tokens'), action: { label: 'Exclude fs_list_dir from its group rule', href: '#group-rules' } },
    ]);
  });

  it('names a tool failing more than 20 % with its top error, and one whose p95 passes half the limit, each linking to its calls', () => {
    const suggestions = usageSuggestions({
      agentId: 'a',
      usage: report([
        { key: 'flaky', ...stats(10, { timeout: 2, toolError: 1 }) },
        { key: 'fine', ...stats(10, { toolError: 2 }) },
        { key: 'slow', ...stats(4, {}, 16_000) },
      ]),
      tokens: [],
      notCalled: new Set(),
      assigned: new Set(),
    });
    expect(suggestions.map(({ kind, toolName }) => `${kind} ${toolName}`)).toEqual(['failing flaky', 'slow slow']);
    expect(suggestions[0]?.text).toBe('flaky failed 30 % of 10 calls; most often: timeout.');
    expect(suggestions[0]?.action).toEqual({ label: 'See the calls of flaky', href: '/audit?agent=a&tool=flaky&action=tool.invoke' });
  });
});
