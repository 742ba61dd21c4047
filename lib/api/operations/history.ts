import 'server-only';
import { BODY_PROBLEMS, type ApiOperation } from '../api-operation';
import { AcceptedUpstreamSchema } from '../assignment-schemas';
import type { z } from 'zod';
import {
  AgentVersionListSchema,
  AgentVersionSchema,
  RestoreAgentBodySchema,
  RestoreOutcomeSchema,
  RuleRestoreOutcomeSchema,
  RuleVersionSchema,
  ServerRestoreOutcomeSchema,
  ServerVersionSchema,
  WorkflowRestoreOutcomeSchema,
  WorkflowVersionSchema,
} from '../history-schemas';

/** An agent's version history, built from its audit events, and restoring a version. */
export const historyOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/agents/{id}/versions', operationId: 'listAgentVersions', tag: 'agents',
    summary: 'Lists an agent\'s versions, one per audited change, oldest first',
    success: { 200: { description: 'The versions; the ETag is the current (newest) version', schema: AgentVersionListSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist' },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/versions/{version}', operationId: 'getAgentVersion', tag: 'agents',
    summary: 'Reads what an agent was at one version, and what of it the registry no longer knows',
    success: { 200: { description: 'The version', schema: AgentVersionSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist, or has no such version' },
  },
  {
    method: 'POST', path: '/api/v1/agents/{id}/restore', operationId: 'restoreAgentVersion', tag: 'agents',
    summary: 'Brings an agent back to one of its versions as one new audited change, checked as any edit',
    body: RestoreAgentBodySchema, ifMatch: 'required',
    success: { 200: { description: 'What the restore did; the ETag is the agent\'s new current version', schema: RestoreOutcomeSchema, hasEtag: true } },
    problems: [...BODY_PROBLEMS, 404, 412, 428],
    problemDescriptions: {
      400: 'The body does not have the expected shape, the version does not exist (`/version`), or a tool\'s restored overrides fail its settings schema or the plugin\'s checks (`/tools/<tool>/overrides/…`)',
      404: 'The agent does not exist',
      412: 'If-Match names an older version of the agent\'s history; `current` holds the current version',
    },
  },
];

/** What declares one kind's history operations. */
interface ObjectHistoryDeclaration {
  /** The object's address: `/api/v1/servers/{name}`. */
  path: string;
  noun: string;
  tag: ApiOperation['tag'];
  operationName: string;
  version: z.ZodType;
  outcome: z.ZodType;
  editChecks: string;
  /** What a 404 means, when not just that the object does not exist. */
  notFound?: string;
  /** The restore's further problems (those of the edit it goes through), with what they mean. */
  restoreProblems?: Partial<Record<409 | 422, string>>;
}

/** The history operations of a kind of object, whose restore goes through its edit. */
function objectHistoryOperations(
  { path, noun, tag, operationName, version, outcome, editChecks, notFound = `The ${noun} does not exist`, restoreProblems = {} }: ObjectHistoryDeclaration,
): ApiOperation[] {
  return [
    {
      method: 'GET', path: `${path}/versions`, operationId: `list${operationName}Versions`, tag,
      summary: `Lists a ${noun}'s versions, one per audited change, oldest first`,
      success: { 200: { description: 'The versions; the ETag is the current (newest) version', schema: AgentVersionListSchema, hasEtag: true } },
      problems: [404],
      problemDescriptions: { 404: notFound },
    },
    {
      method: 'GET', path: `${path}/versions/{version}`, operationId: `get${operationName}Version`, tag,
      summary: `Reads what a ${noun} was at one version, and what of it no longer exists`,
      success: { 200: { description: 'The version', schema: version } },
      problems: [404],
      problemDescriptions: { 404: `${notFound}, or the ${noun} has no such version` },
    },
    {
      method: 'POST', path: `${path}/restore`, operationId: `restore${operationName}Version`, tag,
      summary: `Brings a ${noun} back to one of its versions as one new audited change, through the checks of an edit`,
      body: RestoreAgentBodySchema, ifMatch: 'required',
      success: { 200: { description: `What the restore did; the ETag is the ${noun}'s new current version`, schema: outcome, hasEtag: true } },
      problems: [...BODY_PROBLEMS, 404, ...Object.keys(restoreProblems).map(Number), 412, 428],
      problemDescriptions: {
        400: `The body does not have the expected shape, the version does not exist (\`/version\`), or the restored ${noun} fails a check of an edit (${editChecks})`,
        404: notFound,
        ...restoreProblems,
        412: `If-Match names an older version of the ${noun}'s history; \`current\` holds the current version`,
      },
    },
  ];
}

/** MCP servers', workflows' and agents' group rules' version histories. */
export const serverAndWorkflowHistoryOperations: ApiOperation[] = [
  ...objectHistoryOperations({
    path: '/api/v1/servers/{name}', noun: 'server', tag: 'servers', operationName: 'Server', version: ServerVersionSchema, outcome: ServerRestoreOutcomeSchema,
    editChecks: 'a credential that is not a reference, a URL the egress policy refuses on `/url`, stdio servers turned off',
  }),
  ...objectHistoryOperations({
    path: '/api/v1/workflows/{name}', noun: 'workflow', tag: 'workflows', operationName: 'Workflow', version: WorkflowVersionSchema, outcome: WorkflowRestoreOutcomeSchema,
    editChecks: 'step arguments that no longer fit their tool, templates naming unknown inputs or steps, self-calls',
  }),
  ...objectHistoryOperations({
    path: '/api/v1/agents/{id}/rules/{group}', noun: 'rule', tag: 'rules', operationName: 'AgentRule', version: RuleVersionSchema, outcome: RuleRestoreOutcomeSchema,
    editChecks: 'none beyond the body: exclusions are not checked against the catalogue, so excluded tools that no longer exist are kept',
    notFound: 'The agent does not exist (or the token may not use it), or it has no rule for this group, now or in the audit log',
    restoreProblems: {
      409: 'Restoring a removed rule, and the agent was given a rule for the group meanwhile',
      422: 'Restoring a removed rule whose group no plugin serves now',
    },
  }),
];

/** Accepting a provider's change of a tool (schema drift). */
export const upstreamOperations: ApiOperation[] = [
  {
    method: 'POST', path: '/api/v1/agents/{id}/tools/{toolName}/accept-upstream', operationId: 'acceptUpstreamChange', tag: 'assignments',
    summary: 'Accepts the provider\'s current description, parameters and annotations of the tool for this agent (audited)',
    success: { 200: { description: 'The agent whose change was accepted', schema: AcceptedUpstreamSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist, or has no pending upstream change of this tool' },
  },
  {
    method: 'POST', path: '/api/v1/tools/{name}/accept-upstream', operationId: 'acceptUpstreamChangeForAll', tag: 'catalogue',
    summary: 'Accepts the provider\'s current version of the tool for every agent with a pending change of it (audited per agent)',
    success: { 200: { description: 'The agents whose change was accepted', schema: AcceptedUpstreamSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The tool is not offered now, or no agent has a pending change of it' },
  },
];
