import 'server-only';
import { changeOne, createOne, deleteOne, readOne, type ApiOperation, type ApiResource } from '../api-operation';
import { AgentRuleListSchema, AgentRuleSchema, CreateRuleBodySchema, UpdateRuleBodySchema } from '../rule-schemas';

const rule: ApiResource = {
  tag: 'rules', path: '/api/v1/agents/{id}/rules/{group}', noun: 'rule', schema: AgentRuleSchema,
  notFound: 'The agent does not exist, or has no rule for this group',
};

/** An agent's group rules: list, create, read, change exclusions, remove. */
export const ruleOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/agents/{id}/rules', operationId: 'listAgentRules', tag: 'rules',
    summary: 'The agent\'s group rules, each with the tools it gives now (expanded when read, so a new tool of the group is there at once)',
    success: { 200: { description: 'The rules, by group', schema: AgentRuleListSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist' },
  },
  createOne(rule, {
    path: '/api/v1/agents/{id}/rules', operationId: 'createAgentRule',
    summary: 'Gives the agent every tool of a group, now and later, but the excluded ones; an explicit assignment of a tool wins over the rule',
    body: CreateRuleBodySchema, description: 'The new rule with its tools',
    problems: [404, 409, 422],
    problemDescriptions: {
      404: 'The agent does not exist',
      409: 'The agent already has a rule for this group',
      422: 'No plugin serves a group of this name',
    },
  }),
  readOne(rule, { operationId: 'getAgentRule', summary: 'One group rule with the tools it gives now' }),
  changeOne(rule, {
    method: 'PUT', operationId: 'updateAgentRule', summary: 'Replaces a rule\'s exclusions', body: UpdateRuleBodySchema,
    invalid: 'The body does not have the expected shape, names another group, or If-Match is malformed',
  }),
  deleteOne(rule, {
    operationId: 'deleteAgentRule', summary: 'Removes a group rule; the agent\'s explicit assignments stay',
    success: { 204: { description: 'Removed' } },
  }),
];
