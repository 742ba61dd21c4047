import { describe, expect, it } from 'vitest';
import { AGENT_ID_RULE, AGENT_NAME_REQUIRED } from '@/lib/agents/agent-rules';
import { newAgentErrors } from './new-agent-errors';

describe('newAgentErrors', () => {
  it('accepts a name with its slug as the ID and no description', () => {
    expect(newAgentErrors({ name: 'Support bot', id: 'support-bot', description: '' }, true)).toEqual({});
  });

  it('blames only the name when it is blank and the ID would come from it', () => {
    expect(newAgentErrors({ name: '  ', id: '', description: '' }, true)).toEqual({ name: AGENT_NAME_REQUIRED });
  });

  it('asks for an ID when the name has nothing to make one from', () => {
    expect(newAgentErrors({ name: '日本語', id: '', description: '' }, true)).toEqual({ id: expect.stringContaining('type an ID') as unknown });
  });

  it('states the ID rule for an ID the admin typed, even an empty one', () => {
    expect(newAgentErrors({ name: 'Fine', id: 'Not OK', description: '' }, false)).toEqual({ id: AGENT_ID_RULE });
    expect(newAgentErrors({ name: '', id: '', description: '' }, false)).toEqual({ name: AGENT_NAME_REQUIRED, id: AGENT_ID_RULE });
  });

  it('checks the description too', () => {
    expect(newAgentErrors({ name: 'Fine', id: 'fine', description: 'd'.repeat(4001) }, true)).toEqual({ description: expect.stringContaining('4000') as unknown });
  });
});
