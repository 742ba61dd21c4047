import 'server-only';
import { z } from 'zod';
import * as agents from './agent-schemas';
import * as assignments from './assignment-schemas';
import * as audit from './audit-schemas';
import * as auth from './auth-schemas';
import * as catalogue from './catalogue-schemas';
import * as history from './history-schemas';
import * as runtime from './runtime-schemas';
import * as rules from './rule-schemas';
import * as policy from './policy-schemas';
import * as approvals from './approval-schemas';
import * as workflows from './workflow-schemas';
import * as secrets from './secret-schemas';
import * as servers from './server-schemas';
import * as usage from './usage-schemas';
import * as oauth from './oauth-schemas';
import { OpenApiDocumentSchema } from './meta-schemas';
import { FieldErrorSchema, ProblemSchema } from './problem-schemas';
import type { ApiOperation, SuccessSpec } from './api-operation';
import { apiOperations } from './routes';

type JsonObject = Record<string, unknown>;

/** Named request schemas, converted as the input they accept. */
const requestSchemas: Record<string, z.ZodType> = {
  CreateAgentBody: agents.CreateAgentBodySchema,
  UpdateAgentBody: agents.UpdateAgentBodySchema,
  RestoreAgentBody: history.RestoreAgentBodySchema,
  PutAssignmentBody: assignments.PutAssignmentBodySchema,
  CreateUserBody: auth.CreateUserBodySchema,
  UpdateUserBody: auth.UpdateUserBodySchema,
  CreateTokenBody: auth.CreateTokenBodySchema,
  InvokeBody: runtime.InvokeBodySchema,
  CreateRuleBody: rules.CreateRuleBodySchema,
  UpdateRuleBody: rules.UpdateRuleBodySchema,
  WorkflowBody: workflows.WorkflowBodySchema,
  WorkflowReplaceBody: workflows.WorkflowReplaceBodySchema,
  DryRunBody: workflows.DryRunBodySchema,
  ServerBody: servers.ServerBodySchema,
  PutSecretBody: secrets.PutSecretBodySchema,
  PutPolicyBody: policy.PutPolicyBodySchema,
  PutTokenBudgetBody: policy.PutTokenBudgetBodySchema,
  DecisionBody: approvals.DecisionBodySchema,
  AuthorizeDecisionBody: oauth.AuthorizeDecisionBodySchema,
  RegisterClientBody: oauth.RegisterClientBodySchema,
  TokenRequestBody: oauth.TokenRequestBodySchema,
};

/** Named response schemas, converted as the output they describe. */
const responseSchemas: Record<string, z.ZodType> = {
  FieldError: FieldErrorSchema,
  Problem: ProblemSchema,
  CatalogueEntry: catalogue.CatalogueEntrySchema,
  Diagnostic: catalogue.DiagnosticSchema,
  CatalogueSnapshot: catalogue.CatalogueSnapshotSchema,
  ToolSummary: catalogue.ToolSummarySchema,
  CatalogueSummary: catalogue.CatalogueSummarySchema,
  Agent: agents.AgentSchema,
  AgentListItem: agents.AgentListItemSchema,
  AgentList: agents.AgentListSchema,
  DeletedAgent: agents.DeletedAgentSchema,
  AgentVersionList: history.AgentVersionListSchema,
  AgentVersion: history.AgentVersionSchema,
  AgentSnapshot: history.AgentSnapshotSchema,
  RestoreOutcome: history.RestoreOutcomeSchema,
  ToolFace: assignments.ToolFaceSchema,
  AcceptedUpstream: assignments.AcceptedUpstreamSchema,
  AssignmentStatus: assignments.AssignmentStatusSchema,
  AssignmentView: assignments.AssignmentViewSchema,
  AssignmentList: assignments.AssignmentListSchema,
  AgentTools: rules.AgentToolsSchema,
  AgentRule: rules.AgentRuleSchema,
  AgentRuleList: rules.AgentRuleListSchema,
  Workflow: workflows.WorkflowSchema,
  WorkflowList: workflows.WorkflowListSchema,
  DryRunResult: workflows.DryRunResultSchema,
  EffectiveTools: runtime.EffectiveToolsSchema,
  InvokeResult: runtime.InvokeResultSchema,
  AuditEvent: audit.AuditEventSchema,
  AuditPage: audit.AuditPageSchema,
  UsageStats: usage.UsageStatsSchema,
  UsageReport: usage.UsageReportSchema,
  OpenApiDocument: OpenApiDocumentSchema,
  User: auth.UserSchema,
  UserList: auth.UserListSchema,
  Token: auth.TokenSchema,
  TokenList: auth.TokenListSchema,
  CreatedToken: auth.CreatedTokenSchema,
  Session: auth.SessionSchema,
  SessionList: auth.SessionListSchema,
  AuthorizeRedirect: oauth.AuthorizeRedirectSchema,
  RegisteredClient: oauth.RegisteredClientSchema,
  TokenAnswer: oauth.TokenAnswerSchema,
  OAuthGrant: oauth.OAuthGrantSchema,
  OAuthGrantList: oauth.OAuthGrantListSchema,
  Me: auth.MeSchema,
  Server: servers.ServerSchema,
  ServerList: servers.ServerListSchema,
  ServerTestResult: servers.ServerTestResultSchema,
  DeletedServer: servers.DeletedServerSchema,
  Secret: secrets.SecretSchema,
  SecretList: secrets.SecretListSchema,
  DeletedSecret: secrets.DeletedSecretSchema,
  ToolPolicy: policy.ToolPolicySchema,
  DefaultPolicy: policy.DefaultPolicySchema,
  TokenBudget: policy.TokenBudgetSchema,
  AgentLint: policy.AgentLintSchema,
  Approval: approvals.ApprovalSchema,
  ApprovalList: approvals.ApprovalListSchema,
  HeldCall: approvals.HeldCallSchema,
};

const problemTitles: Record<number, string> = {
  400: 'The body, query or If-Match header is invalid (field errors in `errors`)',
  401: 'No session cookie or API token, or one that is not valid (expired, revoked, signed out)',
  403: 'The signed-in role or the token\'s scopes lack the permission this operation needs (the refusal is audited)',
  404: 'The agent or assignment does not exist',
  409: 'The resource already exists',
  412: 'If-Match names an older version; `current` holds the current representation, the ETag header its version',
  413: 'The body is larger than 1 MiB',
  415: 'The body is not application/json',
  422: 'The tool is unknown',
  428: 'The change needs an If-Match header',
  504: 'The tool did not finish in time',
  500: 'The server failed; the error was logged',
};

const pathParameterDescriptions: Record<string, string> = {
  id: 'The agent\'s id (of the user, token, session, approval or connection under /users, /tokens, /sessions, /approvals, /oauth/grants)',
  toolName: 'The tool\'s name, as the catalogue lists it',
  name: 'The tool\'s name, as the catalogue lists it (percent-encoded); under /workflows, the workflow\'s name; under /secrets, the secret\'s name',
  group: 'The catalogue group the rule gives',
  version: 'A version of the agent\'s, server\'s or workflow\'s history, from 1',
};

const schemaIds = new Map<z.ZodType, string>(
  [...Object.entries(requestSchemas), ...Object.entries(responseSchemas)].map(([id, schema]) => [schema, id]),
);

/** The OpenAPI 3.1 document of `/api/v1`, built from the route table and the schemas that validate. */
export function buildOpenApiDocument(operations: readonly ApiOperation[] = apiOperations): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase()] = operationObject(operation);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Tools Admin API',
      version: '1',
      description:
        'Agents, their tool assignments and the audit log; users, API tokens and sessions. Every call needs a session cookie (from signing in) or `Authorization: Bearer <API token>`. Errors are RFC 9457 problem details. Every editable resource answers with an ETag; changing it needs If-Match (428 without, 412 when stale).',
    },
    security: [{ bearer: [] }, { session: [] }],
    paths,
    components: {
      schemas: { ...componentSchemas(requestSchemas, 'input'), ...componentSchemas(responseSchemas, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API token an admin made at /settings/tokens' },
        session: { type: 'apiKey', in: 'cookie', name: 'tools-admin.session_token', description: 'The session cookie of a signed-in user (`__Secure-` prefixed over HTTPS)' },
      },
      headers: {
        ETag: { description: 'The resource\'s version as a strong entity tag, e.g. "3"', schema: { type: 'string' } },
        Location: { description: 'The URL of the created resource', schema: { type: 'string' } },
      },
    },
  };
}

function componentSchemas(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonObject> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: converted } = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(converted).map(([id, schema]) => [id, withoutKeys(schema, '$schema', '$id')]),
  );
}

function schemaRef(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const id = schemaIds.get(schema);
  if (id !== undefined) return { $ref: `#/components/schemas/${id}` };
  return withoutKeys(z.toJSONSchema(schema, { io }), '$schema');
}

function operationObject(operation: ApiOperation): JsonObject {
  const responses: Record<string, JsonObject> = {};
  for (const [status, spec] of Object.entries(operation.success)) responses[status] = successObject(spec);
  // Every operation needs a caller (401) with a permission (403).
  for (const status of [401, 403, ...operation.problems, 500]) {
    responses[String(status)] = {
      description: operation.problemDescriptions?.[status] ?? problemTitles[status] ?? 'A problem',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      ...(status === 412 ? { headers: { ETag: { $ref: '#/components/headers/ETag' } } } : {}),
    };
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    tags: [operation.tag],
    ...(operation.isPublic ? { security: [] } : {}),
    parameters: parameters(operation),
    ...(operation.body
      ? { requestBody: { required: true, content: { [operation.bodyMediaType ?? 'application/json']: { schema: schemaRef(operation.body, 'input') } } } }
      : {}),
    responses,
  };
}

function successObject(spec: SuccessSpec): JsonObject {
  const headers: JsonObject = {};
  if (spec.hasEtag) headers.ETag = { $ref: '#/components/headers/ETag' };
  if (spec.hasLocation) headers.Location = { $ref: '#/components/headers/Location' };
  return {
    description: spec.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(spec.schema || spec.otherContent ? { content: { ...(spec.schema ? { 'application/json': { schema: schemaRef(spec.schema, 'output') } } : {}), ...spec.otherContent } } : {}),
  };
}

function parameters(operation: ApiOperation): JsonObject[] {
  const result: JsonObject[] = [];
  for (const [, name] of operation.path.matchAll(/\{([^}]+)\}/g)) {
    result.push({ name, in: 'path', required: true, description: pathParameterDescriptions[name ?? ''], schema: { type: 'string' } });
  }
  for (const [name, schema] of Object.entries(operation.query?.shape ?? {})) {
    const converted = z.toJSONSchema(schema, { io: 'input' });
    result.push({
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      description: converted.description,
      schema: withoutKeys(converted, '$schema', 'description'),
    });
  }
  if (operation.ifMatch) {
    result.push({
      name: 'If-Match',
      in: 'header',
      required: operation.ifMatch === 'required',
      description:
        operation.ifMatch === 'required'
          ? 'The ETag of the version this change is based on'
          : 'The ETag of the version this change is based on; required when the resource exists',
      schema: { type: 'string' },
    });
  }
  return result;
}

function withoutKeys(object: object, ...keys: string[]): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

let cachedDocument: JsonObject | undefined;

/** The OpenAPI document of this process, built on first use. */
export function getOpenApiDocument(): JsonObject {
  cachedDocument ??= buildOpenApiDocument();
  return cachedDocument;
}
