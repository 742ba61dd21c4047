import 'server-only';
import { z } from 'zod';
import { AgentListQuerySchema, AgentListSchema, AgentSchema, CreateAgentBodySchema, DeletedAgentSchema, UpdateAgentBodySchema } from './agent-schemas';
import { AssignmentViewSchema, PutAssignmentBodySchema } from './assignment-schemas';
import { AgentRuleListSchema, AgentRuleSchema, AgentToolsSchema, CreateRuleBodySchema, UpdateRuleBodySchema } from './rule-schemas';
import { DryRunBodySchema, DryRunResultSchema, WorkflowBodySchema, WorkflowListSchema, WorkflowReplaceBodySchema, WorkflowSchema } from './workflow-schemas';
import { AuditPageSchema, AuditQuerySchema } from './audit-schemas';
import {
  CreateTokenBodySchema, CreatedTokenSchema, CreateUserBodySchema, MeSchema, SessionListSchema, TokenListSchema, TokenSchema,
  UpdateUserBodySchema, UserListSchema, UserSchema,
} from './auth-schemas';
import { ConfigApplyBodySchema, ConfigExportQuerySchema, ConfigFileSchema, ConfigPlanBodySchema, ConfigPlanSchema } from './config-schemas';
import { BulkAssignBodySchema, BulkAssignResultSchema, ClonedAgentSchema, CloneAgentBodySchema, ToolUsersQuerySchema, ToolUsersSchema } from './fleet-schemas';
import { OpenApiDocumentSchema } from './meta-schemas';
import { EffectiveToolsQuerySchema, EffectiveToolsSchema, InvokeBodySchema, InvokeResultSchema } from './runtime-schemas';
import { DeletedServerSchema, ServerBodySchema, ServerListSchema, ServerSchema, ServerTestResultSchema } from './server-schemas';
import { CatalogueEntrySchema, CatalogueQuerySchema, CatalogueSnapshotSchema, CatalogueSummarySchema } from './catalogue-schemas';

/** The HTTP methods a route file may export. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One successful answer of an operation. */
export interface SuccessSpec {
  description: string;
  schema?: z.ZodType;
  /** Carries the resource's ETag. */
  hasEtag?: boolean;
  /** Carries the created resource's Location. */
  hasLocation?: boolean;
  /** Other media types the operation may answer with instead of JSON, with a schema of what each holds. */
  otherContent?: Record<string, { schema: Record<string, unknown> }>;
}

/** One operation of the REST API: what it takes and what it answers, from the schemas that validate. */
export interface ApiOperation {
  method: HttpMethod;
  /** The OpenAPI path, parameters in braces: `/api/v1/agents/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: 'catalogue' | 'agents' | 'assignments' | 'rules' | 'workflows' | 'runtime' | 'audit' | 'meta' | 'users' | 'tokens' | 'sessions' | 'servers' | 'config';
  query?: z.ZodObject;
  body?: z.ZodType;
  /** `required`: every call needs If-Match; `when-exists`: needed to replace an existing resource. */
  ifMatch?: 'required' | 'when-exists';
  success: Record<number, SuccessSpec>;
  /** The problem statuses besides 500, which every operation may answer. */
  problems: number[];
  /** What a problem status means for this operation, where the general meaning is not exact. */
  problemDescriptions?: Partial<Record<number, string>>;
}

const bodyProblems = [400, 413, 415];
const invalidQuery = 'The query has invalid parameters (field errors in `errors`, pointers name the parameter, e.g. `/search`)';
const staleAgent = 'If-Match names an older version; `current` holds the current agent, the ETag header its version';

/** Every operation of `/api/v1`; the OpenAPI document is generated from this table. */
export const apiOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/tools', operationId: 'listTools', tag: 'catalogue',
    summary: 'The catalogue: every tool the registry knows, and the plugins\' diagnostics',
    query: CatalogueQuerySchema,
    success: {
      200: {
        description: 'The catalogue (`CatalogueSummary` with `?view=summary`); its ETag names this exact body. Private and revalidated on each use (`Cache-Control: private, no-cache`); gzipped when Accept-Encoding allows it, that coding with an ETag of its own (the plain one with `-gzip`), and either ETag gets the 304',
        schema: z.union([CatalogueSnapshotSchema, CatalogueSummarySchema]),
        hasEtag: true,
      },
      304: { description: 'Unchanged since the ETag sent in If-None-Match; no body', hasEtag: true },
    },
    problems: [400],
    problemDescriptions: { 400: invalidQuery },
  },
  {
    method: 'GET', path: '/api/v1/tools/{name}', operationId: 'getTool', tag: 'catalogue',
    summary: 'One tool of the catalogue, with its parameters and overrides schemas',
    success: { 200: { description: 'The catalogue entry', schema: CatalogueEntrySchema } },
    problems: [404],
    problemDescriptions: { 404: 'No tool of this name is in the catalogue' },
  },
  {
    method: 'GET', path: '/api/v1/agents', operationId: 'listAgents', tag: 'agents',
    summary: 'Lists agents with their assignment status counts, optionally only those matching a search text or status', query: AgentListQuerySchema,
    success: { 200: { description: 'The agents, by name, each with how many assignments are missing, invalid or unavailable', schema: AgentListSchema } },
    problems: [400],
    problemDescriptions: { 400: invalidQuery },
  },
  {
    method: 'POST', path: '/api/v1/agents', operationId: 'createAgent', tag: 'agents',
    summary: 'Creates an agent', body: CreateAgentBodySchema,
    success: { 201: { description: 'The new agent', schema: AgentSchema, hasEtag: true, hasLocation: true } },
    problems: [...bodyProblems, 409],
    problemDescriptions: {
      400: 'The body does not have the expected shape (field errors in `errors`)',
      409: 'An agent with this id already exists',
    },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}', operationId: 'getAgent', tag: 'agents', summary: 'Reads one agent',
    success: { 200: { description: 'The agent', schema: AgentSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: {
      404: 'The agent does not exist',
    },
  },
  {
    method: 'PATCH', path: '/api/v1/agents/{id}', operationId: 'updateAgent', tag: 'agents',
    summary: 'Changes an agent\'s name or description', body: UpdateAgentBodySchema, ifMatch: 'required',
    success: { 200: { description: 'The changed agent', schema: AgentSchema, hasEtag: true } },
    problems: [...bodyProblems, 404, 412, 428],
    problemDescriptions: {
      400: 'The body does not have the expected shape (field errors in `errors`), or If-Match is malformed',
      404: 'The agent does not exist',
      412: staleAgent,
    },
  },
  {
    method: 'DELETE', path: '/api/v1/agents/{id}', operationId: 'deleteAgent', tag: 'agents',
    summary: 'Deletes an agent and its assignments', ifMatch: 'required',
    success: { 200: { description: 'How many assignments went with it', schema: DeletedAgentSchema } },
    problems: [400, 404, 412, 428],
    problemDescriptions: {
      400: 'If-Match is malformed',
      404: 'The agent does not exist',
      412: staleAgent,
    },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/tools', operationId: 'listAgentTools', tag: 'assignments',
    summary: 'Every tool assigned to an agent, each with its status (ok, unavailable, missing, invalid), and its group rules with the tools each gives now; every tool is marked with its origin',
    success: { 200: { description: 'The assignments, by tool name, and the rules, by group', schema: AgentToolsSchema } },
    problems: [404],
    problemDescriptions: {
      404: 'The agent does not exist',
    },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/tools/{toolName}', operationId: 'getAgentTool', tag: 'assignments',
    summary: 'Reads one assignment with its status',
    success: { 200: { description: 'The assignment', schema: AssignmentViewSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: {
      404: 'The agent does not exist, or the tool is not assigned to it',
    },
  },
  {
    method: 'PUT', path: '/api/v1/agents/{id}/tools/{toolName}', operationId: 'putAgentTool', tag: 'assignments',
    summary: 'Assigns a tool to an agent with its overrides, or replaces the overrides (If-Match needed then)',
    body: PutAssignmentBodySchema, ifMatch: 'when-exists',
    success: {
      200: { description: 'The replaced assignment', schema: AssignmentViewSchema, hasEtag: true },
      201: { description: 'The new assignment', schema: AssignmentViewSchema, hasEtag: true, hasLocation: true },
    },
    problems: [...bodyProblems, 404, 412, 422, 428],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or the overrides fail the tool\'s overrides schema or are too large (field errors in `errors`, pointers under `/overrides`), or If-Match is malformed',
      404: 'The agent does not exist',
      412: 'If-Match names an older version (`current` holds the current assignment, the ETag header its version), or the tool is not assigned yet so no If-Match can match',
      422: 'No tool of this name is known (and none is assigned under it), so it cannot be assigned',
    },
  },
  {
    method: 'DELETE', path: '/api/v1/agents/{id}/tools/{toolName}', operationId: 'deleteAgentTool', tag: 'assignments',
    summary: 'Removes a tool from an agent', ifMatch: 'required',
    success: { 204: { description: 'Removed' } },
    problems: [400, 404, 412, 428],
    problemDescriptions: {
      400: 'If-Match is malformed',
      404: 'The agent does not exist, or the tool is not assigned to it',
      412: 'If-Match names an older version; `current` holds the current assignment with its status, the ETag header its version',
    },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/rules', operationId: 'listAgentRules', tag: 'rules',
    summary: 'The agent\'s group rules, each with the tools it gives now (expanded when read, so a new tool of the group is there at once)',
    success: { 200: { description: 'The rules, by group', schema: AgentRuleListSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist' },
  },
  {
    method: 'POST', path: '/api/v1/agents/{id}/rules', operationId: 'createAgentRule', tag: 'rules',
    summary: 'Gives the agent every tool of a group, now and later, but the excluded ones; an explicit assignment of a tool wins over the rule',
    body: CreateRuleBodySchema,
    success: { 201: { description: 'The new rule with its tools', schema: AgentRuleSchema, hasEtag: true, hasLocation: true } },
    problems: [...bodyProblems, 404, 409, 422],
    problemDescriptions: {
      404: 'The agent does not exist',
      409: 'The agent already has a rule for this group',
      422: 'No plugin serves a group of this name',
    },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/rules/{group}', operationId: 'getAgentRule', tag: 'rules',
    summary: 'One group rule with the tools it gives now',
    success: { 200: { description: 'The rule', schema: AgentRuleSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist, or has no rule for this group' },
  },
  {
    method: 'PUT', path: '/api/v1/agents/{id}/rules/{group}', operationId: 'updateAgentRule', tag: 'rules',
    summary: 'Replaces a rule\'s exclusions', body: UpdateRuleBodySchema, ifMatch: 'required',
    success: { 200: { description: 'The changed rule', schema: AgentRuleSchema, hasEtag: true } },
    problems: [...bodyProblems, 404, 412, 428],
    problemDescriptions: {
      400: 'The body does not have the expected shape, names another group, or If-Match is malformed',
      404: 'The agent does not exist, or has no rule for this group',
      412: 'If-Match names an older version; `current` holds the current rule, the ETag header its version',
    },
  },
  {
    method: 'DELETE', path: '/api/v1/agents/{id}/rules/{group}', operationId: 'deleteAgentRule', tag: 'rules',
    summary: 'Removes a group rule; the agent\'s explicit assignments stay', ifMatch: 'required',
    success: { 204: { description: 'Removed' } },
    problems: [400, 404, 412, 428],
    problemDescriptions: {
      400: 'If-Match is malformed',
      404: 'The agent does not exist, or has no rule for this group',
      412: 'If-Match names an older version; `current` holds the current rule, the ETag header its version',
    },
  },
  {
    method: 'GET', path: '/api/v1/workflows', operationId: 'listWorkflows', tag: 'workflows',
    summary: 'Every stored workflow; each is the tool `workflow_<name>` in the catalogue group `workflow`',
    success: { 200: { description: 'The workflows, by name', schema: WorkflowListSchema } },
    problems: [],
  },
  {
    method: 'POST', path: '/api/v1/workflows', operationId: 'createWorkflow', tag: 'workflows',
    summary: 'Stores a workflow: its steps\' tools must exist, their arguments fit the tools\' schemas (templates `{{input.x}}`, `{{steps.id.result}}` allowed), and it may not call itself; its tool is in the catalogue at once',
    body: WorkflowBodySchema,
    success: { 201: { description: 'The new workflow', schema: WorkflowSchema, hasEtag: true, hasLocation: true } },
    problems: [...bodyProblems, 409],
    problemDescriptions: {
      400: 'The body does not have the expected shape, a step\'s tool is unknown or calls this workflow back, its arguments do not fit the tool, or a template names no input or earlier step (field errors in `errors`, e.g. `/steps/0/arguments/text`)',
      409: 'A workflow of this name already exists',
    },
  },
  {
    method: 'POST', path: '/api/v1/workflows/dry-run', operationId: 'dryRunWorkflow', tag: 'workflows',
    summary: 'Runs a workflow (saved or not) for real and answers each step\'s arguments and result; a failing step is named in the answer, not as an error. Needs both `runtime` and `agents:write` (admins)',
    body: DryRunBodySchema,
    success: { 200: { description: 'The steps that ran, and the output or the failing step', schema: DryRunResultSchema } },
    problems: [...bodyProblems, 404],
    problemDescriptions: {
      400: 'The body does not have the expected shape, the workflow would not be saved as it is, or the arguments do not fit its inputs (pointers under `/arguments`)',
      404: 'The agent named by `agentId` does not exist',
    },
  },
  {
    method: 'GET', path: '/api/v1/workflows/{name}', operationId: 'getWorkflow', tag: 'workflows',
    summary: 'Reads one workflow',
    success: { 200: { description: 'The workflow', schema: WorkflowSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'No workflow of this name exists' },
  },
  {
    method: 'PUT', path: '/api/v1/workflows/{name}', operationId: 'replaceWorkflow', tag: 'workflows',
    summary: 'Replaces a workflow\'s description, inputs, steps and output (checked as on create); its tool keeps its name, so its assignments stay',
    body: WorkflowReplaceBodySchema, ifMatch: 'required',
    success: { 200: { description: 'The changed workflow', schema: WorkflowSchema, hasEtag: true } },
    problems: [...bodyProblems, 404, 412, 428],
    problemDescriptions: {
      400: 'As for create, or the body names another workflow, or If-Match is malformed',
      404: 'No workflow of this name exists',
      412: 'If-Match names an older version; `current` holds the current workflow, the ETag header its version',
    },
  },
  {
    method: 'DELETE', path: '/api/v1/workflows/{name}', operationId: 'deleteWorkflow', tag: 'workflows',
    summary: 'Deletes a workflow: its tool leaves the catalogue and agents\' assignments of it stay, shown `missing`', ifMatch: 'required',
    success: { 204: { description: 'Deleted' } },
    problems: [400, 404, 412, 428],
    problemDescriptions: {
      400: 'If-Match is malformed',
      404: 'No workflow of this name exists',
      412: 'If-Match names an older version; `current` holds the current workflow, the ETag header its version',
    },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/effective-tools', operationId: 'getEffectiveTools', tag: 'runtime',
    summary: 'What the agent\'s model receives: its available, valid tools in OpenAI, Anthropic or MCP form, with what was left out, warnings and token counts',
    query: EffectiveToolsQuerySchema,
    success: {
      200: { description: 'The effective tools; the ETag names this exact body', schema: EffectiveToolsSchema, hasEtag: true },
      304: { description: 'Unchanged since the ETag sent in If-None-Match; no body', hasEtag: true },
    },
    problems: [400, 404],
    problemDescriptions: { 400: invalidQuery, 404: 'The agent does not exist' },
  },
  {
    method: 'POST', path: '/api/v1/agents/{id}/tools/{toolName}/invoke', operationId: 'invokeAgentTool', tag: 'runtime',
    summary: 'Calls a tool as the agent (a tool that streams its result to the user answers text/event-stream as the MCP endpoint does: its chunks as notifications/progress with progressToken "invoke", then one JSON-RPC result with id "invoke")',
    body: InvokeBodySchema,
    success: { 200: { description: 'The tool\'s result, how long it took and the session it ran in', schema: InvokeResultSchema } },
    problems: [...bodyProblems, 404, 409, 422, 504],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or the arguments fail the tool\'s parameters schema (field errors in `errors`, pointers under `/arguments`)',
      404: 'The agent does not exist, or the tool is not assigned to it',
      409: 'The assigned tool is missing, unavailable, or its saved settings are invalid',
      422: 'The tool failed: `detail` is its message (or its output passed 1 MiB)',
      504: 'The tool did not finish within the time limit (TOOL_CALL_TIMEOUT_MS, 30 s by default)',
    },
  },
  ...(['POST', 'GET', 'DELETE'] as const).map((method): ApiOperation => ({
    method, path: '/api/v1/agents/{id}/mcp', operationId: `mcp${method[0]}${method.slice(1).toLowerCase()}`, tag: 'runtime',
    summary: {
      POST: 'The agent\'s MCP server (Streamable HTTP): JSON-RPC requests; tools/list gives the effective tools, tools/call invokes one as the agent',
      GET: 'The agent\'s MCP server: the session\'s SSE stream, which carries notifications/tools/list_changed',
      DELETE: 'The agent\'s MCP server: ends the session named by Mcp-Session-Id',
    }[method],
    success: { 200: { description: 'An MCP message stream (text/event-stream) or JSON-RPC answer, as the MCP Streamable HTTP transport defines' } },
    problems: [401, 403, 404],
    problemDescriptions: { 401: 'No API token (or session); the answer carries `WWW-Authenticate: Bearer`', 403: 'The token lacks the `runtime` scope', 404: 'The agent does not exist, or the Mcp-Session-Id names no session of it (initialize again)' },
  })),
  {
    method: 'GET', path: '/api/v1/audit', operationId: 'listAuditEvents', tag: 'audit',
    summary: 'Audit events, newest first, filtered, one page at a time or all as JSON lines; no method changes or deletes one',
    query: AuditQuerySchema,
    success: {
      200: {
        description: 'One page of events; with format=jsonl or Accept: application/x-ndjson, every matching event, one `AuditEvent` per line, streamed as a download',
        schema: AuditPageSchema,
        otherContent: {
          'application/x-ndjson': {
            schema: { type: 'string', description: 'Lines of JSON, each an `AuditEvent` (#/components/schemas/AuditEvent), newest first' },
          },
        },
      },
    },
    problems: [400],
    problemDescriptions: {
      400: 'The query has invalid parameters (field errors in `errors`, e.g. `/from` for a time that is not ISO 8601), or the cursor is not one this server gave out',
    },
  },
  {
    method: 'GET', path: '/api/v1/users', operationId: 'listUsers', tag: 'users',
    summary: 'Every user, by email (admins)',
    success: { 200: { description: 'The users', schema: UserListSchema } },
    problems: [],
  },
  {
    method: 'POST', path: '/api/v1/users', operationId: 'createUser', tag: 'users',
    summary: 'Creates a user with a role and a password (admins)', body: CreateUserBodySchema,
    success: { 201: { description: 'The new user', schema: UserSchema, hasEtag: true, hasLocation: true } },
    problems: [...bodyProblems, 409],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or the password is shorter than 12 characters or a common one (field errors in `errors`)',
      409: 'A user with this email already exists',
    },
  },
  {
    method: 'GET', path: '/api/v1/users/{id}', operationId: 'getUser', tag: 'users', summary: 'Reads one user (admins)',
    success: { 200: { description: 'The user', schema: UserSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'The user does not exist' },
  },
  {
    method: 'PATCH', path: '/api/v1/users/{id}', operationId: 'updateUser', tag: 'users',
    summary: 'Changes a user\'s role or disables (enables) them; ends all their sessions (admins)', body: UpdateUserBodySchema, ifMatch: 'required',
    success: { 200: { description: 'The changed user', schema: UserSchema, hasEtag: true } },
    problems: [...bodyProblems, 404, 412, 428],
    problemDescriptions: {
      400: 'The body does not have the expected shape, If-Match is malformed, or the change is to the caller themselves',
      404: 'The user does not exist',
      412: 'If-Match names an older version; `current` holds the current user, the ETag header its version',
    },
  },
  {
    method: 'GET', path: '/api/v1/tokens', operationId: 'listTokens', tag: 'tokens',
    summary: 'Every API token, newest first, revoked ones too; never their secrets (admins)',
    success: { 200: { description: 'The tokens', schema: TokenListSchema } },
    problems: [],
  },
  {
    method: 'POST', path: '/api/v1/tokens', operationId: 'createToken', tag: 'tokens',
    summary: 'Creates an API token with scopes and an optional expiry; its secret is in this answer only (admins)', body: CreateTokenBodySchema,
    success: { 201: { description: 'The token and its secret', schema: CreatedTokenSchema, hasLocation: true } },
    problems: bodyProblems,
    problemDescriptions: { 400: 'The body does not have the expected shape, or the expiry is not in the future (field errors in `errors`)' },
  },
  {
    method: 'DELETE', path: '/api/v1/tokens/{id}', operationId: 'revokeToken', tag: 'tokens',
    summary: 'Revokes an API token: refused from the next request on (admins)',
    success: { 200: { description: 'The revoked token', schema: TokenSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The token does not exist' },
  },
  {
    method: 'GET', path: '/api/v1/sessions', operationId: 'listSessions', tag: 'sessions',
    summary: 'The signed-in user\'s own live sessions, the current one marked',
    success: { 200: { description: 'The sessions, newest first', schema: SessionListSchema } },
    problems: [],
  },
  {
    method: 'DELETE', path: '/api/v1/sessions/{id}', operationId: 'endSession', tag: 'sessions',
    summary: 'Ends one of the signed-in user\'s own sessions',
    success: { 204: { description: 'Ended' } },
    problems: [404],
    problemDescriptions: { 404: 'The caller has no session with this id' },
  },
  {
    method: 'GET', path: '/api/v1/servers', operationId: 'listServers', tag: 'servers',
    summary: 'Every MCP server with its status in the answering instance (connected, connecting, unavailable with reason, disabled) and tool count',
    success: { 200: { description: 'The servers, by name', schema: ServerListSchema } },
    problems: [],
  },
  {
    method: 'POST', path: '/api/v1/servers', operationId: 'createServer', tag: 'servers',
    summary: 'Adds an MCP server (stdio: admins only, and not with MCP_STDIO=off); its tools join the catalogue as the group <name>',
    body: ServerBodySchema,
    success: { 201: { description: 'The server; it connects in the background', schema: ServerSchema, hasEtag: true, hasLocation: true } },
    problems: [...bodyProblems, 409],
    problemDescriptions: {
      400: 'The body does not have the expected shape, a credential is given as a value instead of a ${VAR} reference, or stdio servers are turned off (field errors in `errors`)',
      409: 'A server of that name exists, or the name is already the group of other tools',
    },
  },
  {
    method: 'GET', path: '/api/v1/servers/{name}', operationId: 'getServer', tag: 'servers', summary: 'Reads one MCP server with its status and tool count',
    success: { 200: { description: 'The server', schema: ServerSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'The server does not exist' },
  },
  {
    method: 'PUT', path: '/api/v1/servers/{name}', operationId: 'updateServer', tag: 'servers',
    summary: 'Replaces an MCP server\'s configuration (edit, enable, disable); its connection restarts', body: ServerBodySchema, ifMatch: 'required',
    success: { 200: { description: 'The changed server', schema: ServerSchema, hasEtag: true } },
    problems: [...bodyProblems, 404, 412, 428],
    problemDescriptions: {
      400: 'The body does not have the expected shape or names another server (field errors in `errors`), or If-Match is malformed',
      404: 'The server does not exist',
      412: 'If-Match names an older version; `current` holds the current server, the ETag header its version',
    },
  },
  {
    method: 'DELETE', path: '/api/v1/servers/{name}', operationId: 'deleteServer', tag: 'servers',
    summary: 'Removes an MCP server and closes its connection (a stdio server\'s process ends); assignments to its tools stay', ifMatch: 'required',
    success: { 200: { description: 'The removed server\'s name', schema: DeletedServerSchema } },
    problems: [400, 404, 412, 428],
    problemDescriptions: {
      400: 'If-Match is malformed',
      404: 'The server does not exist',
      412: 'If-Match names an older version; `current` holds the current server, the ETag header its version',
    },
  },
  {
    method: 'POST', path: '/api/v1/servers/{name}/refresh', operationId: 'refreshServer', tag: 'servers',
    summary: 'Re-reads the MCP server\'s tool list now',
    success: { 200: { description: 'The server with its new tool count', schema: ServerSchema, hasEtag: true } },
    problems: [404, 409],
    problemDescriptions: { 404: 'The server does not exist', 409: 'The server is not connected in this instance (the reason is in `detail`)' },
  },
  {
    method: 'POST', path: '/api/v1/connection-tests', operationId: 'testServerConnection', tag: 'servers',
    summary: 'Connects once to an MCP server configuration, saved or not: its name, version and tool count, or the error',
    body: ServerBodySchema,
    success: { 200: { description: 'The outcome; a server that cannot be reached is `ok: false` with the error', schema: ServerTestResultSchema } },
    problems: bodyProblems,
  },
  {
    method: 'GET', path: '/api/v1/me', operationId: 'getMe', tag: 'meta',
    summary: 'Who the caller is (user or token) and every permission they hold',
    success: { 200: { description: 'The caller', schema: MeSchema } },
    problems: [],
  },
  {
    method: 'GET', path: '/api/v1/openapi.json', operationId: 'getOpenApiDocument', tag: 'meta',
    summary: 'This API\'s OpenAPI 3.1 document',
    success: { 200: { description: 'The OpenAPI document', schema: OpenApiDocumentSchema } },
    problems: [],
  },
  {
    method: 'GET', path: '/api/v1/config', operationId: 'exportConfig', tag: 'config',
    summary: 'Everything an admin configures (agents with their assignments, overrides and group rules; MCP servers; workflows) as one file, in a stable order',
    query: ConfigExportQuerySchema,
    success: {
      200: {
        description: 'The configuration as JSON with `?format=json`; by default YAML whose first line names the schema for editors',
        schema: ConfigFileSchema,
        otherContent: { 'application/yaml': { schema: { type: 'string', description: 'The same configuration as YAML' } } },
      },
    },
    problems: [400],
    problemDescriptions: { 400: invalidQuery },
  },
  {
    method: 'GET', path: '/api/v1/config/schema.json', operationId: 'getConfigSchema', tag: 'config',
    summary: 'The JSON Schema of a configuration file (public, for editors)',
    success: { 200: { description: 'A JSON Schema (draft-07)', schema: z.record(z.string(), z.unknown()) } },
    problems: [],
  },
  {
    method: 'POST', path: '/api/v1/config/plan', operationId: 'planConfig', tag: 'config',
    summary: 'What applying a configuration file would create, update or delete, field by field, checked against the catalogue the file makes (an MCP server it adds is connected to once to list its tools); changes nothing',
    body: ConfigPlanBodySchema,
    success: { 200: { description: 'The plan and its hash', schema: ConfigPlanSchema } },
    problems: [...bodyProblems],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or the file has errors: each in `errors` with its `pointer`, `line` and `column`',
      413: 'The body is larger than 16 MiB (a configuration file may be larger than other bodies)',
    },
  },
  {
    method: 'POST', path: '/api/v1/config/apply', operationId: 'applyConfig', tag: 'config',
    summary: 'Applies a reviewed plan in one transaction, one audit event per change by `config import`',
    body: ConfigApplyBodySchema,
    success: { 200: { description: 'The plan as applied', schema: ConfigPlanSchema } },
    problems: [...bodyProblems, 412],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or the file has errors (each with `pointer`, `line`, `column`)',
      412: 'The stored configuration changed since the plan was made; `current` holds the plan as it stands now',
      413: 'The body is larger than 16 MiB (a configuration file may be larger than other bodies)',
    },
  },
  {
    method: 'GET', path: '/api/v1/tools/{name}/agents', operationId: 'listToolUsers', tag: 'assignments',
    summary: 'The agents a tool is assigned to, by name, with their settings, one page at a time',
    query: ToolUsersQuerySchema,
    success: { 200: { description: 'One page of the agents and how many there are', schema: ToolUsersSchema } },
    problems: [400],
    problemDescriptions: { 400: invalidQuery },
  },
  {
    method: 'POST', path: '/api/v1/tools/{name}/agents', operationId: 'bulkAssign', tag: 'assignments',
    summary: 'Adds the tool to many agents, removes it from them, or changes settings on all of them: one transaction, one audit event per agent',
    body: BulkAssignBodySchema,
    success: { 200: { description: 'What was done (or, with preview, would be done) to each agent', schema: BulkAssignResultSchema } },
    problems: [...bodyProblems, 422],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or an agent cannot take the change (each in `errors`, pointer `/agentIds/<i>`); nothing was changed',
      422: 'No tool of this name is known',
    },
  },
  {
    method: 'POST', path: '/api/v1/agents/{id}/clone', operationId: 'cloneAgent', tag: 'agents',
    summary: 'Creates a new agent with a copy of this one\'s tools and their settings',
    body: CloneAgentBodySchema,
    success: { 201: { description: 'The new agent and how many tools it got', schema: ClonedAgentSchema, hasEtag: true, hasLocation: true } },
    problems: [...bodyProblems, 404, 409],
    problemDescriptions: {
      400: 'The body does not have the expected shape (field errors in `errors`)',
      404: 'The agent to copy does not exist',
      409: 'An agent with the new id already exists',
    },
  },
];
