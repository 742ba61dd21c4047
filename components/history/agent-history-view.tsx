'use client';

import type { AgentVersion } from '@/lib/history/agent-versions';
import { HistoryView } from './history-view';
import { VersionComparison } from './version-comparison';

interface AgentHistoryViewProps {
  agentId: string;
  agentName: string;
  /** Oldest first; the last is the agent as it is now. */
  versions: AgentVersion[];
  schemas: Readonly<Record<string, Record<string, unknown>>>;
}

/** An agent's history: its versions, two compared tool by tool, and restoring one. */
export function AgentHistoryView({ agentId, agentName, versions, schemas }: AgentHistoryViewProps) {
  return (
    <HistoryView
      collection="agents"
      objectKey={agentId}
      objectName={agentName}
      noun="agent"
      restoredParts="its name, description, tools with their settings and group rules"
      missingWhat="tools"
      versions={versions.map(({ agent, missing, ...summary }) => ({ ...summary, content: agent, missing: missing.tools }))}
      renderComparison={(left, right) => (
        <VersionComparison
          leftVersion={left.version}
          rightVersion={right.version}
          left={left.content}
          right={right.content}
          missingTools={new Set([...left.missing, ...right.missing])}
          schemas={schemas}
        />
      )}
    />
  );
}
