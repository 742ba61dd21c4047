import 'server-only';
import { BODY_PROBLEMS, readJson, type ApiOperation } from '../api-operation';
import { BulkAssignBodySchema, BulkAssignResultSchema, ClonedAgentSchema, CloneAgentBodySchema, ToolUsersQuerySchema, ToolUsersSchema } from '../fleet-schemas';

/** One tool across many agents, and an agent copied. */
export const fleetOperations: ApiOperation[] = [
  readJson({
    path: '/api/v1/tools/{name}/agents', operationId: 'listToolUsers', tag: 'assignments',
    summary: 'The agents a tool is assigned to, by name, with their settings, one page at a time',
    query: ToolUsersQuerySchema,
    description: 'One page of the agents and how many there are', schema: ToolUsersSchema,
  }),
  {
    method: 'POST', path: '/api/v1/tools/{name}/agents', operationId: 'bulkAssign', tag: 'assignments',
    summary: 'Adds the tool to many agents, removes it from them, or changes settings on all of them: one transaction, one audit event per agent',
    body: BulkAssignBodySchema,
    success: { 200: { description: 'What was done (or, with preview, would be done) to each agent', schema: BulkAssignResultSchema } },
    problems: [...BODY_PROBLEMS, 422],
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
    problems: [...BODY_PROBLEMS, 404, 409],
    problemDescriptions: {
      400: 'The body does not have the expected shape (field errors in `errors`)',
      404: 'The agent to copy does not exist',
      409: 'An agent with the new id already exists',
    },
  },
];
