import 'server-only';

export type { Agent, AgentListItem, AgentStatusCounts, AgentStatusFilter } from './agent';
export { slugify, MAX_AGENT_ID_LENGTH, MAX_AGENT_NAME_LENGTH, MAX_AGENT_DESCRIPTION_LENGTH } from './agent-rules';
export { listAgents, pageAgents, type AgentPage, type ListAgentsOptions } from './list-agents';
export { getAgent, type GetAgentOptions } from './get-agent';
export { createAgent, type CreateAgentOptions } from './create-agent';
export { updateAgent, type UpdateAgentOptions } from './update-agent';
export { deleteAgent, type DeleteAgentOptions } from './delete-agent';
export { cloneAgent, type CloneAgentOptions } from './clone-agent';
