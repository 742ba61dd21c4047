'use client';

import { countText } from '@/lib/client/count-text';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Bot, CircleOff, GitCompareArrows, Layers, Wrench, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import { memo } from 'react';
import { agentListQueryOptions } from '@/lib/client-api/agents-api';
import { cn } from '@/components/ui/cn';

interface FleetHealthProps {
  toolCount: number;
  groupCount: number;
  unavailableCount: number;
  problemCount: number;
}

/**
 * The home page's summary strip: tools, groups, unavailable tools, plugin problems, agents
 * with missing, invalid or unavailable assignments, and agents with tools changed upstream waiting
 * for an editor's review, each a link to the list that shows them. Memoised: its
 * counts stay the same while the admin types in the search box below it.
 */
export const FleetHealth = memo(function FleetHealth({ toolCount, groupCount, unavailableCount, problemCount }: FleetHealthProps) {
  const attention = useQuery(agentListQueryOptions('', 'attention'));
  const away = useQuery(agentListQueryOptions('', 'unavailable'));
  const changed = useQuery(agentListQueryOptions('', 'changed'));
  const changedCount = changed.data?.length;
  // Agents with a missing or invalid assignment, or one whose tool is unavailable (its server away), each once.
  const needing = attention.data && away.data ? new Set([...attention.data, ...away.data].map((agent) => agent.id)) : undefined;
  const agentCount = needing?.size;
  const brokenCount = attention.data?.length ?? 0;
  const awayCount = away.data?.length ?? 0;
  const agentDetail =
    agentCount === undefined
      ? attention.isError || away.isError
        ? 'Could not be counted'
        : 'Counting…'
      : agentCount === 0
        ? 'All assignments fine'
        : brokenCount === 0
          ? 'Tools unavailable'
          : awayCount === 0
            ? 'Missing or invalid tools'
            : 'Missing, invalid or unavailable tools';
  return (
    <section aria-label="Fleet health" className="mb-6">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 2xl:grid-cols-6">
        <Stat href="/?availability=available" icon={Wrench} value={toolCount} label={toolCount === 1 ? 'tool' : 'tools'} detail={`${countText(toolCount - unavailableCount)} available`} />
        <Stat href="#catalogue-group-filter" icon={Layers} value={groupCount} label={groupCount === 1 ? 'group' : 'groups'} detail="Filter by group" />
        <Stat href="/?availability=unavailable" icon={CircleOff} value={unavailableCount} label="unavailable" detail={unavailableCount === 0 ? 'All tools can run' : 'See why'} tone={unavailableCount > 0 ? 'warning' : undefined} />
        <Stat href="#diagnostics" icon={AlertTriangle} value={problemCount} label={problemCount === 1 ? 'plugin problem' : 'plugin problems'} detail={problemCount === 0 ? 'All plugins loaded' : 'See the list'} tone={problemCount > 0 ? 'danger' : undefined} isLink={problemCount > 0} />
        <Stat
          href={brokenCount === 0 && awayCount > 0 ? '/agents?status=unavailable' : '/agents?status=attention'}
          icon={Bot}
          value={agentCount}
          label={agentCount === 1 ? 'agent needs attention' : 'agents need attention'}
          detail={agentDetail}
          tone={brokenCount > 0 ? 'danger' : awayCount > 0 ? 'warning' : undefined}
          className="max-sm:col-span-2"
        />
        <Stat
          href="/agents?status=changed"
          icon={GitCompareArrows}
          value={changedCount}
          label={changedCount === 1 ? 'agent with upstream changes' : 'agents with upstream changes'}
          detail={changedCount === undefined ? (changed.isError ? 'Could not be counted' : 'Counting…') : changedCount === 0 ? 'No tool changed upstream' : 'Review and accept'}
          tone={changedCount ? 'warning' : undefined}
          isLink={changedCount !== 0}
          className="max-sm:col-span-2"
        />
      </ul>
    </section>
  );
});

interface StatProps {
  href: string;
  icon: LucideIcon;
  value: number | undefined;
  label: string;
  detail: string;
  tone?: 'warning' | 'danger';
  /** False when there is nothing to go to. */
  isLink?: boolean;
  className?: string;
}

function Stat({ href, icon: Icon, value, label, detail, tone, isLink = true, className }: StatProps) {
  const body = (
    <>
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className={cn('size-4', tone === 'warning' && 'text-warning', tone === 'danger' && 'text-destructive')} />
        <span className="truncate">{detail}</span>
      </span>
      <span className="mt-1 block">
        <span className={cn('text-2xl font-semibold tabular-nums', tone === 'warning' && 'text-warning', tone === 'danger' && 'text-destructive')} data-stat-value="">
          {value === undefined ? '–' : countText(value)}
        </span>{' '}
        <span className="text-sm">{label}</span>
      </span>
    </>
  );
  const box = 'block h-full rounded-lg border border-border bg-card p-3 text-card-foreground';
  return (
    <li className={cn('min-w-0', className)}>
      {isLink ? (
        <Link href={href} className={cn(box, 'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none')}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}
