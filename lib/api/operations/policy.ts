import 'server-only';
import { BODY_PROBLEMS, type ApiOperation } from '../api-operation';
import { DefaultPolicySchema, PutPolicyBodySchema, ToolPolicySchema } from '../policy-schemas';

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
];
