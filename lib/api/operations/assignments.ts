import 'server-only';
import { BODY_PROBLEMS, deleteOne, readOne, staleVersion, type ApiOperation, type ApiResource } from '../api-operation';
import { AssignmentViewSchema, PutAssignmentBodySchema } from '../assignment-schemas';
import { AgentToolsSchema } from '../rule-schemas';

const assignment: ApiResource = {
  tag: 'assignments', path: '/api/v1/agents/{id}/tools/{toolName}', noun: 'assignment', schema: AssignmentViewSchema,
  notFound: 'The agent does not exist, or the tool is not assigned to it',
};

/** An agent's tools: all of them with their rules, and one assignment read, put, removed. */
export const assignmentOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/agents/{id}/tools', operationId: 'listAgentTools', tag: 'assignments',
    summary: 'Every tool assigned to an agent, each with its status (ok, unavailable, missing, invalid), and its group rules with the tools each gives now; every tool is marked with its origin',
    success: { 200: { description: 'The assignments, by tool name, and the rules, by group', schema: AgentToolsSchema } },
    problems: [404],
    problemDescriptions: {
      404: 'The agent does not exist',
    },
  },
  readOne(assignment, { operationId: 'getAgentTool', summary: 'Reads one assignment with its status' }),
  {
    method: 'PUT', path: assignment.path, operationId: 'putAgentTool', tag: 'assignments',
    summary: 'Assigns a tool to an agent with its overrides, or replaces the overrides (If-Match needed then)',
    body: PutAssignmentBodySchema, ifMatch: 'when-exists',
    success: {
      200: { description: 'The replaced assignment', schema: AssignmentViewSchema, hasEtag: true },
      201: { description: 'The new assignment', schema: AssignmentViewSchema, hasEtag: true, hasLocation: true },
    },
    problems: [...BODY_PROBLEMS, 404, 412, 422, 428],
    problemDescriptions: {
      400: 'The body does not have the expected shape, or the overrides fail the tool\'s overrides schema or are too large (field errors in `errors`, pointers under `/overrides`), or If-Match is malformed',
      404: 'The agent does not exist',
      412: 'If-Match names an older version (`current` holds the current assignment, the ETag header its version), or the tool is not assigned yet so no If-Match can match',
      422: 'No tool of this name is known (and none is assigned under it), so it cannot be assigned',
    },
  },
  deleteOne(assignment, {
    operationId: 'deleteAgentTool', summary: 'Removes a tool from an agent',
    success: { 204: { description: 'Removed' } },
    problemDescriptions: { 412: staleVersion('assignment with its status') },
  }),
];
