import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * The tables as stored. Rows are not the app's types: JSON travels as text and every
 * timestamp is an ISO 8601 string in UTC, the same on SQLite and PostgreSQL.
 */
export interface Database {
  agents: AgentsTable;
  assignments: AssignmentsTable;
  audit_events: AuditEventsTable;
  todo_items: TodoItemsTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
  api_tokens: ApiTokensTable;
  auth_throttle: AuthThrottleTable;
  setup_tokens: SetupTokensTable;
  app_secrets: AppSecretsTable;
  mcp_sessions: McpSessionsTable;
  workflows: WorkflowsTable;
  agent_rules: AgentRulesTable;
  mcp_servers: McpServersTable;
  secrets: SecretsTable;
  approved_tools: ApprovedToolsTable;
}

/** One agent. */
export interface AgentsTable {
  id: string;
  name: string;
  description: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One tool bound to one agent; unique per agent and tool. */
export interface AssignmentsTable {
  agent_id: string;
  tool_name: string;
  /** The overrides object as JSON text. */
  overrides: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One audited change. The id only grows, so it orders events and pages through them. */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  /** The actor's id when the event was written (still written for older readers; `actor_id` is what filters). */
  actor: string;
  /** The acting user's or token's id. */
  actor_id: string;
  /** The actor's display name when the event was written. */
  actor_name: string | null;
  action: string;
  target: string;
  /** The agent the target belongs to, if any. */
  agent_id: string | null;
  /** The tool of an assignment target, if any. */
  tool_name: string | null;
  /** JSON text, or null when there was nothing before (a create). */
  before: ColumnType<string | null, string | null, never>;
  /** JSON text, or null when nothing is left after (a delete). */
  after: ColumnType<string | null, string | null, never>;
}

/** One item of a session's todo list, at its position in the list. */
export interface TodoItemsTable {
  session_id: string;
  position: number;
  content: string;
  status: string;
  updated_at: string;
}

/** Better Auth's user (with the admin plugin's role and ban columns); Better Auth owns its shape. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
  role: string | null;
  banned: ColumnType<boolean | number | null, boolean | number | null, boolean | number | null>;
  banReason: string | null;
  banExpires: ColumnType<Date | string | null, Date | string | null, Date | string | null>;
  version: number;
  /** 1 for a break-glass admin (`npm run admin`): the one kind of account that signs in with a password under LOCAL_SIGN_IN=off. */
  breakGlass: ColumnType<number, number | undefined, number>;
}

/** Better Auth's link of a user to a way of signing in: a password (`credential`) or the identity provider (`oidc`, by subject). */
export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  password: string | null;
}

/** Better Auth's session; `updatedAt` is the last request it served (the idle limit reads it). */
export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: ColumnType<Date | string, Date | string, Date | string>;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

/** One API token; only the SHA-256 of its secret is stored. */
export interface ApiTokensTable {
  id: string;
  name: string;
  /** The secret's first characters, to recognise it in lists. */
  prefix: string;
  secret_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  expires_at: string | null;
  /** The creator's actor id. */
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Failed sign-ins of one account or one client address in the current window. */
export interface AuthThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

/** The one-time setup link's token, hashed; used once. */
export interface SetupTokensTable {
  token_hash: string;
  created_at: string;
  used_at: string | null;
}

/** Secrets the app generated for itself (the session signing key when BETTER_AUTH_SECRET is unset). */
export interface AppSecretsTable {
  name: string;
  value: string;
}

/** One session of an agent's MCP endpoint; its id is the tools' `ToolCallScope.sessionId`. */
export interface McpSessionsTable {
  id: string;
  agent_id: string;
  created_at: string;
}

/** One stored workflow; `definition` holds its inputs, steps and output as JSON text. */
export interface WorkflowsTable {
  name: string;
  description: string;
  definition: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One agent's rule giving it every tool of a group but the excluded ones (`exclude`: JSON array). */
export interface AgentRulesTable {
  agent_id: string;
  group_name: string;
  exclude: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One MCP server admins added; its name is its tools' group. */
export interface McpServersTable {
  name: string;
  transport: string;
  /** JSON: `{ command, args, env }` or `{ url, headers }`, with `${secret:NAME}` and allowed `${VAR}` references only. */
  config: string;
  /** 1 or 0, the same on both engines. */
  enabled: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One secret of the store: its value sealed (AES-256-GCM, base64 parts), who set it and when. */
export interface SecretsTable {
  name: string;
  ciphertext: string;
  iv: string;
  tag: string;
  /** The actor's id. */
  set_by: string;
  /** The actor's display name when it was set. */
  set_by_name: string;
  set_at: string;
}

/** A tool as an editor approved it for one agent: what the agent's model is served until a newer version is accepted. */
export interface ApprovedToolsTable {
  agent_id: string;
  tool_name: string;
  fingerprint: string;
  /** JSON: `{ name, description, parametersSchema, annotations }`. */
  approved: string;
  approved_by: string;
  approved_at: string;
}

/** A connection to the tools-admin database, SQLite or PostgreSQL. */
export type Db = Kysely<Database>;
