'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useCan } from '@/components/auth/permissions-context';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { isProblem } from '@/lib/client-api/api-problem';
import { addRule, removeRule, rulesQueryOptions } from '@/lib/client-api/rules-api';
import { groupLabel } from '@/lib/catalogue/group-tools';
import type { AgentRuleView } from '@/lib/rules/rule';
import { UpstreamChange } from '@/components/agent-detail/upstream-change';
import { RuleExclusionsDialog } from './rule-exclusions-dialog';

/**
 * The agent's group rules, apart from its single tools: each group with the number of tools it
 * gives now (read afresh, so a tool the group gains later is counted with no edit), its tools,
 * and a way to remove it. Rules are added from the tool picker ("Add the whole group as a rule").
 */
export function GroupRules({ agentId }: { agentId: string }) {
  const rules = useQuery(rulesQueryOptions(agentId));
  const headingId = useId();
  if (rules.isPending) {
    return (
      <section id="group-rules" aria-labelledby={headingId} className="mt-8" aria-busy="true">
        <h2 id={headingId} className="mb-2 text-lg font-semibold">Group rules</h2>
        <Skeleton className="h-16 w-full" />
      </section>
    );
  }
  if (rules.isError) {
    return (
      <section id="group-rules" aria-labelledby={headingId} className="mt-8">
        <h2 id={headingId} className="mb-2 text-lg font-semibold">Group rules</h2>
        <LoadError message={`The group rules could not be loaded: ${rules.error.message}`} isRetrying={rules.isFetching} onRetry={() => void rules.refetch()} />
      </section>
    );
  }
  // An agent with no rules shows no section: adding one starts in the tool picker.
  if (rules.data.length === 0) return null;
  return (
    <section id="group-rules" aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-1 text-lg font-semibold">
        Group rules <span className="text-sm font-normal text-muted-foreground">({rules.data.length})</span>
      </h2>
      <p className="mb-2 text-sm text-muted-foreground">Each rule gives the agent every tool of its group, including tools the group gains later. A tool assigned on its own keeps its own settings.</p>
      <ul className="flex flex-col gap-2">
        {rules.data.map((rule) => (
          <RuleCard key={rule.group} agentId={agentId} rule={rule} />
        ))}
      </ul>
    </section>
  );
}

function RuleCard({ agentId, rule }: { agentId: string; rule: AgentRuleView }) {
  const canWrite = useCan('agents:write');
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  const [isEditing, setIsEditing] = useState(false);
  const label = groupLabel(rule.group);
  const remove = async () => {
    const isSure = await confirm({
      title: `Remove the ${label} group rule?`,
      description: 'The agent loses the tools the rule gives; tools assigned on their own stay.',
      confirmLabel: 'Remove rule',
      isDestructive: true,
    });
    if (!isSure) return;
    setProblem('');
    try {
      await removeRule(agentId, rule.group, rule.version);
      toast.success(`Removed the ${label} group rule.`);
    } catch (error) {
      setProblem(isProblem(error, 412) ? 'Someone else changed this rule meanwhile; it is shown as it is now.' : error instanceof Error ? error.message : 'The rule could not be removed.');
    }
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
  };
  const given = rule.tools.filter((tool) => tool.origin === 'rule');
  return (
    <li>
      <Card className="p-3" data-rule={rule.group}>
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{label}</h3>
          <Badge tone="neutral">{`${rule.toolCount} ${rule.toolCount === 1 ? 'tool' : 'tools'} now`}</Badge>
          {rule.exclude.length > 0 && <span className="text-xs break-words text-muted-foreground">Excludes {rule.exclude.join(', ')}</span>}
          <div className="ml-auto flex gap-2">
            <Link
              href={`/agents/${encodeURIComponent(agentId)}/rules/${encodeURIComponent(rule.group)}/history`}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
              aria-label={`History of the ${label} group rule`}
            >
              History
            </Link>
            {canWrite && (
              <>
                <Button size="sm" onClick={() => setIsEditing(true)} aria-label={`Edit the exclusions of the ${label} group rule`}>
                  Edit exclusions
                </Button>
                <Button variant="secondary" size="sm" onClick={() => void remove()} aria-label={`Remove the ${label} group rule`}>
                  Remove
                </Button>
              </>
            )}
          </div>
        </div>
        {given.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Tools the ${label} rule gives`}>
            {given.map((tool) => (
              <li key={tool.toolName}>
                <Badge tone={tool.status === 'ok' ? 'neutral' : 'warning'} title={tool.status === 'ok' ? undefined : tool.unavailableReason ?? tool.errors?.map((e) => e.message).join('; ')}>
                  <span className="font-mono">{tool.toolName}</span>
                  {tool.status !== 'ok' && ` (${tool.status === 'invalid' ? 'needs settings' : 'unavailable'})`}
                  {tool.upstreamChange && ' (changed upstream)'}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        {given.map(
          (tool) => tool.upstreamChange && <UpstreamChange key={tool.toolName} agentId={agentId} toolName={tool.toolName} change={tool.upstreamChange} canWrite={canWrite} onAnnounce={setNotice} />,
        )}
        {problem && (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {problem}
          </p>
        )}
        <p role="status" className="mt-1 text-sm text-muted-foreground empty:hidden">
          {notice}
        </p>
      </Card>
      {dialog}
      <RuleExclusionsDialog
        agentId={agentId}
        rule={rule}
        isOpen={isEditing}
        onClose={(message) => {
          setIsEditing(false);
          if (message) setNotice(message);
        }}
      />
    </li>
  );
}

/** The picker's "Add the whole group as a rule": adds it, refreshes the agent's lists, and says what happened. */
export function useAddGroupRule(agentId: string, onDone: (message: string, problem: string) => void): (group: string) => Promise<void> {
  const queryClient = useQueryClient();
  return async (group: string) => {
    const label = groupLabel(group);
    try {
      const rule = await addRule(agentId, group);
      onDone(`Added the ${label} group as a rule: it gives ${rule.toolCount} ${rule.toolCount === 1 ? 'tool' : 'tools'} now.`, '');
    } catch (error) {
      onDone('', error instanceof Error ? `The ${label} group rule was not added: ${error.message}` : `The ${label} group rule was not added.`);
    }
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
  };
}

/** The groups the agent has rules for, for the picker. */
export function useRuleGroups(agentId: string): ReadonlySet<string> {
  const rules = useQuery(rulesQueryOptions(agentId));
  return new Set((rules.data ?? []).map((rule) => rule.group));
}
