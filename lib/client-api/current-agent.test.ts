import { describe, expect, it } from 'vitest';
import { ApiProblem } from './api-problem';
import { currentAgentOf } from './current-agent';

const agent = { id: 'demo', name: 'Demo', description: 'Theirs', version: 3, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' };

describe('currentAgentOf', () => {
  it('reads the agent a 412 answer carries', () => {
    expect(currentAgentOf(new ApiProblem(412, { title: 'Precondition failed', current: { ...agent, extra: true } }, '"3"'))).toEqual(agent);
  });

  it('gives nothing for another status, a missing current or one that is not an agent', () => {
    expect(currentAgentOf(new ApiProblem(409, { current: agent }, undefined))).toBeUndefined();
    expect(currentAgentOf(new ApiProblem(412, {}, undefined))).toBeUndefined();
    expect(currentAgentOf(new ApiProblem(412, { current: { ...agent, version: '3' } }, undefined))).toBeUndefined();
    expect(currentAgentOf(new Error('offline'))).toBeUndefined();
  });
});
