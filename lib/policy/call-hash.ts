import 'server-only';
import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, at every depth: one text per value, whatever the key order sent. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What an approval is bound to: this agent, this tool, these exact arguments, under this policy version. */
export interface BoundCall {
  agentId: string;
  toolName: string;
  arguments: Record<string, unknown>;
  policyVersion: string;
}

/** sha256 (hex) of the canonical JSON of the call: changing any argument, or the policy, needs a new approval. */
export function callHash(call: BoundCall): string {
  return createHash('sha256').update(canonicalJson(call)).digest('hex');
}
