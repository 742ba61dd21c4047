import Link from 'next/link';
import { replaceEqualDeep } from '@tanstack/react-query';
import { memo } from 'react';
import type { AgentListItem } from '@/lib/agents/agent';
import { Button } from '@/components/ui/button';
import { AgentStatusBadges } from './agent-status-badges';
import { plural } from './plural';
import { useCan } from '@/components/auth/permissions-context';
import { UsageSparkline } from '@/components/usage/usage-sparkline';

interface AgentRowProps {
  agent: AgentListItem;
  onEdit: (agent: AgentListItem) => void;
  onClone: (agent: AgentListItem) => void;
  onDelete: (agent: AgentListItem) => void;
}

/**
 * One agent: its name (a link to it), id, the first line of its description, its tool count and
 * actions. Memoized ({@link isSameRow}): while a search runs, the list re-renders to dim itself,
 * and when its answer comes, the rows whose agents are the same as before are skipped.
 */
export const AgentRow = memo(function AgentRow({ agent, onEdit, onClone, onDelete }: AgentRowProps) {
  const canWrite = useCan('agents:write');
  const firstLine = agent.description.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          {/* Not prefetched on sight (as the catalogue's rows): a search shows new rows at each keystroke,
              and their prefetches would compete with the next keystroke's search. */}
          <Link href={`/agents/${encodeURIComponent(agent.id)}`} prefetch={false} className="font-medium text-link underline-offset-2 wrap-anywhere hover:underline">
            <bdi>{agent.name}</bdi>
          </Link>
          <code className="text-sm text-muted-foreground wrap-anywhere">{agent.id}</code>
          <UsageSparkline by="agent" id={agent.id} />
        </div>
        {agent.statusCounts && <AgentStatusBadges counts={agent.statusCounts} />}
        <p className={`mt-1 truncate text-sm ${firstLine ? 'text-muted-foreground' : 'text-muted-foreground italic'}`} title={firstLine || undefined}>
          {firstLine ? <bdi>{firstLine}</bdi> : 'No description'}
        </p>
      </div>
      <div className="flex items-center gap-4 sm:items-start">
        <p className="flex-1 text-sm text-muted-foreground sm:w-20 sm:flex-none sm:pt-1.5 sm:text-right">
          {agent.assignmentCount === 0 && agent.ruleCount === 0 ? 'No tools' : agent.assignmentCount === 0 ? 'No single tools' : plural(agent.assignmentCount, 'tool')}
          {agent.ruleCount > 0 && (
            <>
              <br />
              {plural(agent.ruleCount, 'group rule')}
            </>
          )}
        </p>
        {canWrite && (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => onEdit(agent)} aria-label={`Edit agent ${agent.name}`}>
            Edit
          </Button>
          <Button size="sm" onClick={() => onClone(agent)} aria-label={`Clone agent ${agent.name}`}>
            Clone
          </Button>
          <Button size="sm" onClick={() => onDelete(agent)} aria-label={`Delete agent ${agent.name}`} className="text-destructive">
            Delete
          </Button>
        </div>
        )}
      </div>
    </li>
  );
}, isSameRow);

/**
 * Whether a row would draw the same: the same callbacks and an agent with the same values. Each
 * keystroke's search answers new objects, but a broad search ("tickets" matches every agent)
 * answers the same first page again and again; comparing values skips those rows' renders.
 */
export function isSameRow(before: AgentRowProps, after: AgentRowProps): boolean {
  return (
    before.onEdit === after.onEdit &&
    before.onClone === after.onClone &&
    before.onDelete === after.onDelete &&
    (before.agent === after.agent || replaceEqualDeep(before.agent, after.agent) === before.agent)
  );
}
