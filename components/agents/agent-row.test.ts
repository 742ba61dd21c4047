import { describe, expect, it } from 'vitest';
import type { AgentListItem } from '@/lib/agents/agent';
import { isSameRow } from './agent-row';

const agent: AgentListItem = {
  id: 'support',
  name: 'Support',
  description: 'Helps with support tickets',
  version: 3,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-02T00:00:00.000Z',
  assignmentCount: 2,
  ruleCount: 0,
  statusCounts: { missing: 0, invalid: 0, unavailable: 0, changed: 0 },
};
const callbacks = { onEdit: () => undefined, onClone: () => undefined, onDelete: () => undefined };

describe('isSameRow', () => {
  it('skips a row whose agent is a new object with the same values (the next search answered it again)', () => {
    expect(isSameRow({ agent, ...callbacks }, { agent: structuredClone(agent), ...callbacks })).toBe(true);
  });

  it('draws a row again when any of its agent\'s values changed, however deep', () => {
    expect(isSameRow({ agent, ...callbacks }, { agent: { ...agent, version: 4, name: 'Support desk' }, ...callbacks })).toBe(false);
    expect(isSameRow({ agent, ...callbacks }, { agent: { ...agent, statusCounts: { missing: 1, invalid: 0, unavailable: 0, changed: 0 } }, ...callbacks })).toBe(false);
  });

  it('draws a row again when a callback changed', () => {
    expect(isSameRow({ agent, ...callbacks }, { agent, ...callbacks, onDelete: () => undefined })).toBe(false);
  });
});
