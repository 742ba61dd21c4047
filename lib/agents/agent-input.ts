import 'server-only';
import { AppError } from '@/lib/app-error';
import { agentDescriptionError, agentIdError, agentNameError } from './agent-rules';

/** A usable agent id: 1–64 of `a-z 0-9 -`, starting with a letter or digit. */
export function checkAgentId(id: string): string {
  const message = agentIdError(id);
  if (message) throw new AppError('invalid', `"${id}" cannot be an agent id`, { errors: [{ pointer: '/id', message }] });
  return id;
}

/** The name trimmed; it must not be blank, too long, or hold control characters. */
export function checkAgentName(name: string): string {
  const message = agentNameError(name);
  if (message) throw new AppError('invalid', 'The agent name is not usable', { errors: [{ pointer: '/name', message }] });
  return name.trim();
}

/** The description trimmed; it may be empty but not too long, and holds no control characters but tabs and line breaks. */
export function checkAgentDescription(description: string): string {
  const message = agentDescriptionError(description);
  if (message) throw new AppError('invalid', 'The agent description is not usable', { errors: [{ pointer: '/description', message }] });
  return description.trim();
}
