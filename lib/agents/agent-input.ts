import { AppError } from '@/lib/app-error';

/** The longest agent id. */
export const MAX_AGENT_ID_LENGTH = 64;
/** The longest agent name. */
export const MAX_AGENT_NAME_LENGTH = 200;
/** The longest agent description. */
export const MAX_AGENT_DESCRIPTION_LENGTH = 4000;

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

/** A usable agent id: 1–64 of `a-z 0-9 -`, starting with a letter or digit. */
export function checkAgentId(id: string): string {
  if (id.length > MAX_AGENT_ID_LENGTH || !ID_PATTERN.test(id)) {
    throw new AppError('invalid', `"${id}" cannot be an agent id`, {
      errors: [
        {
          pointer: '/id',
          message: `Use 1 to ${MAX_AGENT_ID_LENGTH} lowercase letters, digits and hyphens, starting with a letter or digit`,
        },
      ],
    });
  }
  return id;
}

/** The name trimmed; it must not be blank, too long, or hold control characters. */
export function checkAgentName(name: string): string {
  if (NAME_CONTROL.test(name)) {
    throw new AppError('invalid', 'The agent name holds a control character', {
      errors: [{ pointer: '/name', message: 'Name must not contain control characters (such as U+0000 or line breaks)' }],
    });
  }
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_AGENT_NAME_LENGTH) {
    throw new AppError('invalid', 'The agent name is not usable', {
      errors: [{ pointer: '/name', message: `Name must be 1 to ${MAX_AGENT_NAME_LENGTH} characters` }],
    });
  }
  return trimmed;
}

/** The description trimmed; it may be empty but not too long, and holds no control characters but tabs and line breaks. */
export function checkAgentDescription(description: string): string {
  if (DESCRIPTION_CONTROL.test(description)) {
    throw new AppError('invalid', 'The agent description holds a control character', {
      errors: [
        { pointer: '/description', message: 'Description must not contain control characters other than tabs and line breaks' },
      ],
    });
  }
  const trimmed = description.trim();
  if (trimmed.length > MAX_AGENT_DESCRIPTION_LENGTH) {
    throw new AppError('invalid', 'The agent description is too long', {
      errors: [
        { pointer: '/description', message: `Description must be at most ${MAX_AGENT_DESCRIPTION_LENGTH} characters` },
      ],
    });
  }
  return trimmed;
}
