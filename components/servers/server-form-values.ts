import type { Server, ServerBody } from '@/lib/client-api/servers-api';

/** The form's fields, as typed: lists and maps one entry a line. */
export interface ServerFormValues {
  name: string;
  transport: 'stdio' | 'http';
  command: string;
  /** One argument a line. */
  args: string;
  /** `KEY=value`, one a line. */
  env: string;
  url: string;
  /** `Name: value`, one a line. */
  headers: string;
  enabled: boolean;
}

export type ServerField = 'name' | 'transport' | 'command' | 'args' | 'env' | 'url' | 'headers';

/** The form's fields in the order they are shown (and focused on an error). */
export const SERVER_FIELDS: readonly ServerField[] = ['name', 'transport', 'command', 'args', 'env', 'url', 'headers'];

/** An empty form for a new server. */
export const EMPTY_SERVER_FORM: ServerFormValues = { name: '', transport: 'http', command: '', args: '', env: '', url: '', headers: '', enabled: true };

/** A stored server as form fields. */
export function formValuesOf(server: Server): ServerFormValues {
  if (server.transport === 'http') {
    return { ...EMPTY_SERVER_FORM, name: server.name, transport: 'http', url: server.url, headers: Object.entries(server.headers).map(([key, value]) => `${key}: ${value}`).join('\n'), enabled: server.enabled };
  }
  return {
    ...EMPTY_SERVER_FORM,
    name: server.name,
    transport: 'stdio',
    command: server.command,
    args: server.args.join('\n'),
    env: Object.entries(server.env).map(([key, value]) => `${key}=${value}`).join('\n'),
    enabled: server.enabled,
  };
}

function lines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
}

/** Each `key<separator>value` line as an entry; a line without the separator is an error naming it. */
function entries(text: string, separator: string, field: ServerField, errors: Partial<Record<ServerField, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of lines(text)) {
    const at = line.indexOf(separator);
    if (at <= 0) {
      errors[field] ??= `“${line}” is not of the form name${separator === '=' ? '=' : ': '}value`;
      continue;
    }
    result[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return result;
}

/** The API body of the form, or the errors that keep it from being one. */
export function toServerBody(values: ServerFormValues): { body: ServerBody; errors: Partial<Record<ServerField, string>> } {
  const errors: Partial<Record<ServerField, string>> = {};
  const name = values.name.trim();
  if (!/^[a-z][a-z0-9]{0,31}$/.test(name)) errors.name = 'Use 1–32 lower-case letters and digits, starting with a letter: it becomes the group and prefix of the server’s tools.';
  if (values.transport === 'stdio') {
    if (values.command.trim() === '') errors.command = 'Give the command that starts the server.';
    const env = entries(values.env, '=', 'env', errors);
    return { body: { name, transport: 'stdio', command: values.command.trim(), args: lines(values.args), env, enabled: values.enabled }, errors };
  }
  if (values.url.trim() === '') errors.url = 'Give the URL of the server’s Streamable HTTP endpoint.';
  const headers = entries(values.headers, ':', 'headers', errors);
  return { body: { name, transport: 'http', url: values.url.trim(), headers, enabled: values.enabled }, errors };
}
