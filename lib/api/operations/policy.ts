import 'server-only';
import { BODY_PROBLEMS, type ApiOperation } from '../api-operation';
import { AgentLintSchema, DefaultPolicySchema, PutPolicyBodySchema, PutTokenBudgetBodySchema, ToolPolicySchema, TokenBudgetSchema } from '../policy-schemas';

const POLICY_400 =
  'The body does not have the expected shape; a display name OpenAI, Anthropic or MCP would refuse (one error per format) or that another tool of the agent already shows, an empty or over-long text, or a parameter the tool lacks (field errors in `errors`, pointers such as `/displayName`, `/parameterDescriptions/path`); or If-Match is malformed';

/** What the model is told about a tool, and how its calls pass: per agent, and the group default for every agent. */
export const policyOperations: ApiOperation[] = [
  {
    method: 'GET', path: '/api/v1/agents/{id}/tools/{toolName}/policy', operationId: 'getAgentToolPolicy', tag: 'policy',
    summary: 'One tool\'s policy for the agent: its own layer, the group default, and what results (name, description, parameter descriptions, call policy), each value with its source',
    success: { 200: { description: 'The policy', schema: ToolPolicySchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist, or the tool is not given to it' },
  },
  {
    method: 'PUT', path: '/api/v1/agents/{id}/tools/{toolName}/policy', operationId: 'putAgentToolPolicy', tag: 'policy',
    summary: 'Sets the agent\'s layer: display name, description, parameter descriptions and call policy (null keeps the group default or the tool\'s own); If-Match once saved',
    body: PutPolicyBodySchema, ifMatch: 'when-exists',
    success: { 200: { description: 'The policy as saved', schema: ToolPolicySchema, hasEtag: true } },
    problems: [...BODY_PROBLEMS, 404, 412, 428],
    problemDescriptions: { 400: POLICY_400, 404: 'The agent does not exist, or the tool is not given to it' },
  },
  {
    method: 'GET', path: '/api/v1/tools/{name}/policy', operationId: 'getToolDefaultPolicy', tag: 'policy',
    summary: 'A tool\'s group default: the layer every agent given the tool inherits, and what results',
    success: { 200: { description: 'The group default', schema: DefaultPolicySchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'No tool of this name is known' },
  },
  {
    method: 'PUT', path: '/api/v1/tools/{name}/policy', operationId: 'putToolDefaultPolicy', tag: 'policy',
    summary: 'Sets a tool\'s group default for every agent (admins only); If-Match once saved',
    body: PutPolicyBodySchema, ifMatch: 'when-exists',
    success: { 200: { description: 'The group default as saved', schema: DefaultPolicySchema, hasEtag: true } },
    problems: [...BODY_PROBLEMS, 404, 412, 428],
    problemDescriptions: { 400: POLICY_400, 403: 'Only admins set group defaults (permission policy:defaults, no token scope)', 404: 'No tool of this name is known' },
  },

  {
    method: 'GET', path: '/api/v1/agents/{id}/lint', operationId: 'lintAgentTools', tag: 'policy',
    summary: 'Lints the agent\'s tools as its model receives them: duplicate or near-duplicate descriptions, descriptions that order the model around ("MUST", "always use"), parameters without a description, names and schemas a format would refuse (OpenAI strict mode included), and the token cost per format against the agent\'s budget',
    success: { 200: { description: 'The findings and the cost per format', schema: AgentLintSchema } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist' },
  },
  {
    method: 'GET', path: '/api/v1/agents/{id}/token-budget', operationId: 'getAgentTokenBudget', tag: 'policy',
    summary: 'The token budget of the agent\'s tool definitions, and whether it is the default',
    success: { 200: { description: 'The budget', schema: TokenBudgetSchema, hasEtag: true } },
    problems: [404],
    problemDescriptions: { 404: 'The agent does not exist' },
  },
  {
    method: 'PUT', path: '/api/v1/agents/{id}/token-budget', operationId: 'putAgentTokenBudget', tag: 'policy',
    summary: 'Sets the agent\'s token budget (null: back to TOOL_TOKEN_BUDGET); the lint warns for each format above it; If-Match once set',
    body: PutTokenBudgetBodySchema, ifMatch: 'when-exists',
    success: { 200: { description: 'The budget as saved', schema: TokenBudgetSchema, hasEtag: true } },
    problems: [...BODY_PROBLEMS, 404, 412, 428],
    problemDescriptions: { 400: 'The body does not have the expected shape (`/tokens`: a whole number from 1 to 10,000,000, or null), or If-Match is malformed', 404: 'The agent does not exist' },
  },
];
