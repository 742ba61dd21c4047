// What makes an agent's id, name and description acceptable, as plain functions with no
// server imports: the server's checks throw with these messages, the browser's forms show them
// before sending anything.

/** The longest agent id. */
export const MAX_AGENT_ID_LENGTH = 64;
/** The longest agent name. */
export const MAX_AGENT_NAME_LENGTH = 200;
/** The longest agent description. */
export const MAX_AGENT_DESCRIPTION_LENGTH = 4000;

/** The id rule in words, for field errors and help text. */
export const AGENT_ID_RULE = `Use 1 to ${MAX_AGENT_ID_LENGTH} lowercase letters, digits and hyphens, starting with a letter or digit.`;
/** What a blank name is told. */
export const AGENT_NAME_REQUIRED = 'A name is required.';

const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
const NAME_CONTROL = /[\u0000-\u001f]/;
// Tab, line feed and carriage return are how multi-line text is written; other C0 controls are not text.
const DESCRIPTION_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** The id an agent called `name` gets when none is given: lowercase letters, digits and hyphens. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_AGENT_ID_LENGTH)
    .replace(/-+$/, '');
}

/** What is wrong with `id` as an agent id, or undefined when it is usable. */
export function agentIdError(id: string): string | undefined {
  if (id.length > MAX_AGENT_ID_LENGTH || !ID_PATTERN.test(id)) return AGENT_ID_RULE;
  return undefined;
}

/** What is wrong with `name` (before trimming), or undefined when it is usable. */
export function agentNameError(name: string): string | undefined {
  if (NAME_CONTROL.test(name)) return 'Name must not contain control characters (such as U+0000 or line breaks).';
  const length = name.trim().length;
  if (length === 0) return AGENT_NAME_REQUIRED;
  if (length > MAX_AGENT_NAME_LENGTH) return `Name must be at most ${MAX_AGENT_NAME_LENGTH} characters (it has ${length}).`;
  return undefined;
}

/** What is wrong with `description` (before trimming), or undefined when it is usable. */
export function agentDescriptionError(description: string): string | undefined {
  if (DESCRIPTION_CONTROL.test(description)) return 'Description must not contain control characters other than tabs and line breaks.';
  const length = description.trim().length;
  if (length > MAX_AGENT_DESCRIPTION_LENGTH) return `Description must be at most ${MAX_AGENT_DESCRIPTION_LENGTH} characters (it has ${length}).`;
  return undefined;
}

/** The fields of the agent forms. */
export type AgentField = 'id' | 'name' | 'description';

/** What is wrong with each of the given fields, as the server would say it; fields left out are not checked. */
export function agentFieldErrors(fields: Partial<Record<AgentField, string>>): Partial<Record<AgentField, string>> {
  const errors: Partial<Record<AgentField, string>> = {};
  const id = fields.id === undefined ? undefined : agentIdError(fields.id);
  const name = fields.name === undefined ? undefined : agentNameError(fields.name);
  const description = fields.description === undefined ? undefined : agentDescriptionError(fields.description);
  if (id) errors.id = id;
  if (name) errors.name = name;
  if (description) errors.description = description;
  return errors;
}
