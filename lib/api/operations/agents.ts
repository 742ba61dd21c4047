import 'server-only';
import { changeOne, createOne, deleteOne, readJson, readOne, type ApiOperation, type ApiResource } from '../api-operation';
import { AgentListQuerySchema, AgentListSchema, AgentSchema, CreateAgentBodySchema, DeletedAgentSchema, UpdateAgentBodySchema } from '../agent-schemas';

const agent: ApiResource = { tag: 'agents', path: '/api/v1/agents/{id}', noun: 'agent', schema: AgentSchema, notFound: 'The agent does not exist' };

/** Agents: list, create, read, change, delete. */
export const agentOperations: ApiOperation[] = [
  readJson({
    path: '/api/v1/agents', operationId: 'listAgents', tag: 'agents',
    summary: 'Lists agents with their assignment status counts, optionally only those matching a search text or status', query: AgentListQuerySchema,
    description: 'The agents, by name, each with how many assignments are missing, invalid or unavailable', schema: AgentListSchema,
  }),
  createOne(agent, {
    path: '/api/v1/agents', operationId: 'createAgent', summary: 'Creates an agent', body: CreateAgentBodySchema,
    problems: [409],
    problemDescriptions: {
      400: 'The body does not have the expected shape (field errors in `errors`)',
      409: 'An agent with this id already exists',
    },
  }),
  readOne(agent, { operationId: 'getAgent', summary: 'Reads one agent' }),
  changeOne(agent, {
    method: 'PATCH', operationId: 'updateAgent', summary: 'Changes an agent\'s name or description', body: UpdateAgentBodySchema,
    invalid: 'The body does not have the expected shape (field errors in `errors`), or If-Match is malformed',
  }),
  deleteOne(agent, {
    operationId: 'deleteAgent', summary: 'Deletes an agent and its assignments',
    success: { 200: { description: 'How many assignments went with it', schema: DeletedAgentSchema } },
  }),
];
