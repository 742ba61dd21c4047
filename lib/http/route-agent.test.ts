import { describe, expect, it } from 'vitest';
import { agentOfRoute } from './route-agent';

const request = (path: string) => new Request(`http://127.0.0.1:3000${path}`);

describe('agentOfRoute', () => {
  it('names the agent of every /api/v1/agents/{id} route, and of no other', () => {
    expect(agentOfRoute(request('/api/v1/agents/hr'), { id: 'hr' })).toBe('hr');
    expect(agentOfRoute(request('/api/v1/agents/hr/tools/fs_read_file/invoke'), { id: 'hr', toolName: 'fs_read_file' })).toBe('hr');
    expect(agentOfRoute(request('/api/v1/approvals/a1'), { id: 'a1' })).toBeUndefined();
    expect(agentOfRoute(request('/api/v1/tokens/t1'), { id: 't1' })).toBeUndefined();
    expect(agentOfRoute(request('/api/v1/agents'), {})).toBeUndefined();
  });

  it('answers none for a route Next.js hands no parameters at all', () => {
    expect(agentOfRoute(request('/api/v1/agents'), undefined)).toBeUndefined();
  });
});
