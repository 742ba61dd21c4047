import { z } from 'zod';
import { SERVER_NAME_PATTERN, SERVER_NAME_RULE, fieldReferenceProblem, type ReferenceRule } from '@/lib/mcp-servers/server-config';
import { envAllowlist } from '@/lib/secrets/references';
import { isStorableText } from '@/lib/db/storable-text';

const MAX_ENTRIES = 64;
const text = (max: number) => z.string().max(max).refine(isStorableText, 'Text must not contain U+0000 (NUL).');

/**
 * The reference rule at the time of the check: SERVER_ENV_ALLOWLIST as the process has it now.
 * Whether a named secret exists is checked by the servers store (and the config plan), which read
 * the database.
 */
function currentRule(): ReferenceRule {
  return { isEnvAllowed: envAllowlist(process.env.SERVER_ENV_ALLOWLIST) };
}

/** Environment entries or headers: names to values; a credential-like name needs a `${secret:NAME}` reference. */
function entriesSchema(kind: 'env' | 'headers') {
  const keyPattern = kind === 'env' ? /^[A-Za-z_][A-Za-z0-9_]{0,127}$/ : /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,128}$/;
  const keyRule = kind === 'env' ? 'An environment variable name: letters, digits and _, not starting with a digit' : 'A header name: letters, digits and !#$%&\'*+-.^_`|~';
  return z
    .record(z.string().regex(keyPattern, keyRule), text(4096))
    .superRefine((entries, context) => {
      const keys = Object.keys(entries);
      if (keys.length > MAX_ENTRIES) context.addIssue({ code: 'custom', message: `At most ${MAX_ENTRIES} entries` });
      for (const key of keys) {
        const problem = fieldReferenceProblem({ pointer: `/${kind}/${key}`, key, text: entries[key]! }, currentRule());
        if (problem) context.addIssue({ code: 'custom', path: [key], message: problem });
      }
    })
    .meta({
      description:
        kind === 'env'
          ? 'Environment entries of the command; values may hold ${secret:NAME} references to the secret store (or ${VAR} for variables the operator lists in SERVER_ENV_ALLOWLIST), and names that look like credentials (token, key, secret, password, auth…) must be one'
          : 'Headers of every request; values may hold ${secret:NAME} references to the secret store (or ${VAR} for variables the operator lists in SERVER_ENV_ALLOWLIST), and credential-like headers (Authorization, *-Key, *Token*…) must be one (e.g. "Bearer ${secret:TOKEN}")',
    });
}

/** An MCP server's name: the group and prefix of its tools. */
export const ServerNameSchema = z.string().regex(SERVER_NAME_PATTERN, SERVER_NAME_RULE);

const StdioBodySchema = z.strictObject({
  name: ServerNameSchema,
  transport: z.literal('stdio'),
  command: text(1024).refine((value) => value.trim() !== '', 'Give the command to run'),
  args: z
    .array(text(4096))
    .max(MAX_ENTRIES)
    .superRefine((args, context) => {
      for (const [index, arg] of args.entries()) {
        const problem = fieldReferenceProblem({ pointer: `/args/${index}`, text: arg }, currentRule());
        if (problem) context.addIssue({ code: 'custom', path: [index], message: problem });
      }
    })
    .default([]),
  env: entriesSchema('env').default({}),
  enabled: z.boolean().default(true),
});

const HttpBodySchema = z.strictObject({
  name: ServerNameSchema,
  transport: z.literal('http'),
  url: text(2048).refine((value) => {
    try {
      const url = new URL(value.replace(/\$\{[^}]*\}/g, 'x'));
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Give an http:// or https:// URL of the server\'s Streamable HTTP endpoint').superRefine((url, context) => {
    const problem = fieldReferenceProblem({ pointer: '/url', text: url }, currentRule());
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  headers: entriesSchema('headers').default({}),
  enabled: z.boolean().default(true),
});

/** The body of `POST /api/v1/servers`, `PUT /api/v1/servers/{name}` and `POST /api/v1/servers/test`. */
export const ServerBodySchema = z.discriminatedUnion('transport', [StdioBodySchema, HttpBodySchema]);

/** A server's connection state. */
export const ServerStatusSchema = z.enum(['connected', 'connecting', 'unavailable', 'blocked', 'disabled', 'invalid']).meta({
  description: '`blocked`: the server\'s host resolves to an address the egress policy refuses (MCP_ALLOWED_HOSTS); nothing is sent to it. `invalid`: the stored configuration breaks today\'s rules (a literal credential, a reference that may not be used); the reason says where',
});

/** What kind of failure a connection met. */
export const FailureKindSchema = z.enum(['blocked', 'refused', 'unresolved', 'timeout', 'tls', 'auth', 'http', 'protocol', 'cut', 'config', 'stopped', 'failed']);

const serverState = {
  status: ServerStatusSchema,
  reason: z.string().optional().meta({ description: 'Why the server is not connected, in the app\'s own words (the kind of failure, an HTTP status, a timeout)' }),
  kind: FailureKindSchema.optional().meta({ description: 'What kind of failure the connection met' }),
  detail: z.string().max(200).optional().meta({ description: 'At most 200 characters of the upstream\'s own words (or the egress policy\'s finding); only for those who may test connections (admins and editors)' }),
  toolCount: z.number().int().meta({ description: 'Tools in the last tools/list of this process\'s connection' }),
  serverInfo: z.object({ name: z.string(), version: z.string() }).optional().meta({ description: 'What the server said about itself at initialize' }),
  pid: z.number().int().optional().meta({ description: 'The pid of a stdio server\'s guard process in the answering instance' }),
  connectedAt: z.string().optional().meta({ format: 'date-time', description: 'When the answering instance\'s connection opened, while connected' }),
  downSince: z.string().optional().meta({ format: 'date-time', description: 'When the server went away, while it is away' }),
  nextRetryAt: z.string().optional().meta({ format: 'date-time', description: 'When the answering instance tries to connect again, while it waits to' }),
  version: z.number().int(),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
};

/** A server as the API answers it; `version` is its ETag. */
export const ServerSchema = z.discriminatedUnion('transport', [
  z.object({ name: z.string(), transport: z.literal('stdio'), command: z.string(), args: z.array(z.string()), env: z.record(z.string(), z.string()), enabled: z.boolean(), ...serverState }),
  z.object({ name: z.string(), transport: z.literal('http'), url: z.string(), headers: z.record(z.string(), z.string()), enabled: z.boolean(), ...serverState }),
]);

/** `GET /api/v1/servers`. */
export const ServerListSchema = z.object({ servers: z.array(ServerSchema) });

/** What `POST /api/v1/servers/test` answers: the server's own name, version and tool count, or the error. */
export const ServerTestResultSchema = z.union([
  z.object({ ok: z.literal(true), serverInfo: z.object({ name: z.string(), version: z.string() }), toolCount: z.number().int() }),
  z.object({ ok: z.literal(false), kind: FailureKindSchema, error: z.string().meta({ description: 'What failed, then at most 200 characters of the upstream\'s own words' }) }),
]);

/** What `DELETE /api/v1/servers/{name}` answers. */
export const DeletedServerSchema = z.object({ name: z.string() });

/** One event of a server's connection timeline. */
export const ServerEventSchema = z.object({
  id: z.number().int(),
  server: z.string(),
  at: z.string().meta({ format: 'date-time' }),
  kind: z.enum(['connected', 'lost', 'restarted', 'tools_changed']).meta({ description: '`lost`: the connection closed or a first connect failed (told once per outage); `restarted`: connected again after that' }),
  message: z.string().meta({ description: 'The event in the app\'s own words (never an upstream\'s, never a secret\'s value)' }),
  details: z
    .object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) })
    .optional()
    .meta({ description: 'For `tools_changed`: the server\'s own tool names added, removed, and changed (description, schema or annotations)' }),
});

/** `GET /api/v1/servers/{name}/events`. */
export const ServerEventListSchema = z.object({
  events: z.array(ServerEventSchema).meta({ description: 'Newest first; at most 200 per server and 30 days are kept' }),
  restartsLastHour: z.number().int().meta({ description: 'How many times the server came back after going away in the last hour' }),
});

/** The query of `GET /api/v1/servers/{name}/events`. */
export const ServerEventsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional().meta({ description: 'At most this many events; default 50' }),
  before: z.coerce.number().int().min(1).optional().meta({ description: 'Only events older than this id (the next page)' }),
});
