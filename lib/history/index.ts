import 'server-only';

export type { AgentSnapshot } from './agent-snapshot';
export { getAgentVersion, listAgentVersions, readAgentVersions, type AgentVersion, type AgentVersionSummary } from './agent-versions';
export { restoreAgentVersion, type RestoreOutcome } from './restore-agent-version';
export { getObjectVersion, listObjectVersions, readObjectHistory, restoreObjectVersion, type ObjectVersion, type WholeObjectKind } from './object-history';
export { ruleHistoryKind, ruleKey, type RuleMissing, type RuleSnapshot } from './rule-history';
export { serverHistoryKind, type ServerMissing } from './server-history';
export { workflowHistoryKind, type WorkflowMissing } from './workflow-history';
