import 'server-only';

export type { AgentSnapshot } from './agent-snapshot';
export { getAgentVersion, listAgentVersions, readAgentVersions, type AgentVersion, type AgentVersionSummary } from './agent-versions';
export { restoreAgentVersion, type RestoreOutcome } from './restore-agent-version';
