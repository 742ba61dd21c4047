import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * The tables as stored. Rows are not the app's types: JSON travels as text and every
 * timestamp is an ISO 8601 string in UTC, the same on SQLite and PostgreSQL.
 */
export interface Database {
  agents: AgentsTable;
  assignments: AssignmentsTable;
  audit_events: AuditEventsTable;
  session_todo_items: SessionTodoItemsTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
  api_tokens: ApiTokensTable;
  auth_throttle: AuthThrottleTable;
  setup_tokens: SetupTokensTable;
  app_secrets: AppSecretsTable;
  runtime_sessions: RuntimeSessionsTable;
  workflows: WorkflowsTable;
  agent_rules: AgentRulesTable;
  agent_tool_policies: AgentToolPoliciesTable;
  tool_policy_defaults: ToolPolicyDefaultsTable;
  tool_approvals: ToolApprovalsTable;
  agent_token_budgets: AgentTokenBudgetsTable;
  mcp_servers: McpServersTable;
  mcp_server_events: McpServerEventsTable;
  mcp_server_tools: McpServerToolsTable;
  secrets: SecretsTable;
  usage_rollups: UsageRollupsTable;
  approved_tools: ApprovedToolsTable;
  api_token_agent_uses: ApiTokenAgentUsesTable;
  call_rates: CallRatesTable;
  oauth_clients: OAuthClientsTable;
  oauth_grants: OAuthGrantsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
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

/** One item of a session's todo list, at its position in the list; keyed by agent and session. */
export interface SessionTodoItemsTable {
  agent_id: string;
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
  /** The agents it reaches: `all`, or a JSON array of agent ids. */
  agents: ColumnType<string, string | undefined, string>;
}

/** A token's last use of one agent, written at most once a minute per token and agent. */
export interface ApiTokenAgentUsesTable {
  token_id: string;
  agent_id: string;
  last_used_at: string;
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

/** One tool-call session (an MCP session or an invoke `sessionId`): the tools' `ToolCallScope.sessionId`, bound to its agent and caller. */
export interface RuntimeSessionsTable {
  id: string;
  agent_id: string;
  /** Who opened it: `user:<user id>`, `token:<token id>` or `oauth:<grant id>`; only they may use it, on this agent. */
  principal: string;
  created_at: string;
  /** The last call or request in the session (written at most once a minute); the sweep reads it. */
  last_used_at: string;
  /** 1 when its MCP client declared form elicitation at `initialize`: held calls may then ask to wait. */
  client_elicitation: Generated<number>;
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

/** One event of an MCP server's connection timeline, as one instance saw it. The id only grows. */
export interface McpServerEventsTable {
  id: Generated<number>;
  server: string;
  at: string;
  /** `connected`, `lost`, `restarted` or `tools_changed`. */
  kind: string;
  /** The event in plain words (the app's own, never an upstream's). */
  message: string;
  /** JSON text: the tool names added, removed and changed of a `tools_changed`; null otherwise. */
  details: string | null;
}

/** The tool list an MCP server last served (JSON: `McpToolInfo[]`), kept while it is away. */
export interface McpServerToolsTable {
  server: string;
  tools: string;
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

/** A bigint column: a number on SQLite, a string of digits from PostgreSQL. */
type Count = ColumnType<number | string, number | undefined, number>;

/** Tool calls added up per minute, hour or day, agent, tool and MCP server (lib/usage/). */
export interface UsageRollupsTable {
  resolution: 'minute' | 'hour' | 'day';
  /** The bucket's first instant, ISO 8601 UTC. */
  bucket_start: string;
  agent_id: string;
  tool_name: string;
  /** The MCP server the tool comes from; '' for other tools. */
  server: string;
  calls: Count;
  ok: Count;
  bad_arguments: Count;
  tool_errors: Count;
  timeouts: Count;
  unavailable: Count;
  denied: Count;
  duration_ms_sum: number;
  duration_ms_max: number;
  result_bytes_sum: Count;
  h00: Count;
  h01: Count;
  h02: Count;
  h03: Count;
  h04: Count;
  h05: Count;
  h06: Count;
  h07: Count;
  h08: Count;
  h09: Count;
  h10: Count;
  h11: Count;
  h12: Count;
  h13: Count;
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

/** What the model is told about one tool and how its calls pass, for one agent; null columns fall back to the default. */
export interface AgentToolPoliciesTable {
  agent_id: string;
  tool_name: string;
  display_name: string | null;
  description: string | null;
  /** JSON object: parameter name → description. */
  parameter_descriptions: string;
  call_policy: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The same for every agent: the layer between the tool's own words and an agent's. */
export interface ToolPolicyDefaultsTable {
  tool_name: string;
  group_name: string;
  display_name: string | null;
  description: string | null;
  parameter_descriptions: string;
  call_policy: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One tool call held for a person's approval, bound to its exact arguments by `call_hash`. */
export interface ToolApprovalsTable {
  id: string;
  agent_id: string;
  tool_name: string;
  shown_name: string;
  call_hash: string;
  policy_version: string;
  /** The arguments with secret values masked, as JSON. */
  arguments: string;
  /** pending, approved, denied, used, expired. */
  status: string;
  requested_by: string;
  requested_by_name: string;
  requested_at: string;
  expires_at: string;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  comment: string | null;
  used_at: string | null;
}

/** The token budget of an agent's tool definitions, set by an admin; absent: TOOL_TOKEN_BUDGET. */
export interface AgentTokenBudgetsTable {
  agent_id: string;
  tokens: number;
  version: number;
  updated_at: string;
}

/** Tool calls per key (`caller:<kind>:<id>`, `agent:<id>`) and one-minute window (lib/runtime/call-rates.ts). */
export interface CallRatesTable {
  key: string;
  /** Minutes since the Unix epoch: the window's first minute. */
  window_start: number;
  /** Calls let through in the window. */
  calls: Generated<number>;
  /** Calls refused in the window. */
  throttled: Generated<number>;
}

/** An MCP client that registered itself (RFC 7591); public, so it holds no secret. */
export interface OAuthClientsTable {
  id: string;
  name: string;
  /** JSON array of redirect URIs. */
  redirect_uris: string;
  created_at: string;
}

/** What one user let one client reach: a set of agents, until revoked. */
export interface OAuthGrantsTable {
  id: string;
  client_id: string;
  user_id: string;
  /** JSON array of agent ids. */
  agent_ids: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A single-use authorization code (hashed) with its PKCE S256 challenge and the agent it is for. */
export interface OAuthCodesTable {
  code_hash: string;
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  agent_id: string;
  expires_at: string;
}

/** An access or refresh token (hashed), bound to one agent of its grant. */
export interface OAuthTokensTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  grant_id: string;
  agent_id: string;
  expires_at: string;
  created_at: string;
}
