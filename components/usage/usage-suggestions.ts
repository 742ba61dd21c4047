import type { UsageReport } from '@/lib/client-api/usage-api';
import { ERROR_LABELS, durationText, percentText } from './usage-format';

/** One piece of advice from an agent's last 30 days of calls, with the one action that follows it. */
export interface UsageSuggestion {
  kind: 'unused' | 'failing' | 'slow';
  toolName: string;
  text: string;
  action: { label: string } & ({ href: string } | { removes: string });
}

/** A tool fails "often" past this share of its calls, once it has at least {@link MIN_CALLS}. */
export const FAILING_RATE = 0.2;
const MIN_CALLS = 5;

/**
 * The suggestions for an agent: tools the lint reports as not called in 30 days (`notCalled`,
 * shown names; with the tokens they cost each turn; removing an assigned one is the action), tools failing more
 * than 20 % of calls (with the most common error kind; their failed calls in the audit log),
 * and tools whose p95 is above half the call limit (their calls in the audit log).
 */
export function usageSuggestions(options: {
  agentId: string;
  usage: UsageReport;
  tokens: readonly { name: string; tokens: number }[];
  notCalled: ReadonlySet<string>;
  assigned: ReadonlySet<string>;
}): UsageSuggestion[] {
  const { agentId, usage, tokens, notCalled, assigned } = options;
  const audit = (toolName: string) => `/audit?${new URLSearchParams({ agent: agentId, tool: toolName, action: 'tool.invoke' })}`;
  const suggestions: UsageSuggestion[] = [];
  for (const { name, tokens: cost } of [...tokens].sort((a, b) => b.tokens - a.tokens)) {
    if (!notCalled.has(name)) continue;
    suggestions.push({
      kind: 'unused',
      toolName: name,
      text: `${name} was not called in 30 days: remove it to save ${cost} tokens per turn.`,
      action: assigned.has(name) ? { label: `Remove ${name}`, removes: name } : { label: `Exclude ${name} from its group rule`, href: '#group-rules' },
    });
  }
  for (const group of usage.groups ?? []) {
    if (group.calls >= MIN_CALLS && group.errorRate > FAILING_RATE) {
      const [kind] = (Object.entries(group.errors) as [keyof typeof ERROR_LABELS, number][]).sort((a, b) => b[1] - a[1])[0] ?? [];
      suggestions.push({
        kind: 'failing',
        toolName: group.key,
        text: `${group.key} failed ${percentText(group.errorRate)} of ${group.calls} calls; most often: ${kind ? ERROR_LABELS[kind].toLowerCase() : 'unknown'}.`,
        action: { label: `See the calls of ${group.key}`, href: audit(group.key) },
      });
    }
    if (group.calls > 0 && group.durationMs.p95 > usage.callLimitMs / 2) {
      suggestions.push({
        kind: 'slow',
        toolName: group.key,
        text: `${group.key} takes ${durationText(group.durationMs.p95)} at p95, more than half the call limit of ${durationText(usage.callLimitMs)}.`,
        action: { label: `See the slow calls of ${group.key}`, href: audit(group.key) },
      });
    }
  }
  return suggestions;
}
