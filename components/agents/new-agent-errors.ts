import { agentFieldErrors, type AgentField } from '@/lib/agents/agent-rules';

/** What the admin typed into the New agent form. */
export interface NewAgentValues {
  name: string;
  id: string;
  description: string;
}

/**
 * The New agent form's field errors, by the server's rules. An ID still made from the name is
 * not blamed while the name is blank (the name's error says it all); one that came out empty
 * because the name has no letters or digits asks for an ID to be typed.
 */
export function newAgentErrors(values: NewAgentValues, isIdFromName: boolean): Partial<Record<AgentField, string>> {
  const errors = agentFieldErrors(values);
  if (isIdFromName && values.id === '') {
    if (values.name.trim() === '') delete errors.id;
    else errors.id = 'The name has no letters or digits (a–z, 0–9) to make an ID from; type an ID.';
  }
  return errors;
}
