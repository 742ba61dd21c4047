'use client';

import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ConnectCard } from '@/components/agent-connect/connect-card';
import { ModelViewPanel } from '@/components/agent-runtime/model-view-panel';
import { TryItPanel } from '@/components/agent-runtime/try-it-panel';
import { LintPanel } from './lint-panel';
import { Wrench } from 'lucide-react';
import { ToolPickerDialog } from '@/components/tool-picker/tool-picker-dialog';
import { GroupRules, useAddGroupRule, useRuleGroups } from '@/components/agent-rules/group-rules';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { agentQueryOptions } from '@/lib/client-api/agents-api';
import { rulesQueryOptions } from '@/lib/client-api/rules-api';
import { assignmentsQueryOptions } from '@/lib/client-api/assignments-api';
import { catalogueQueryOptions } from '@/lib/catalogue/catalogue-query';
import { groupLabel } from '@/lib/catalogue/group-tools';
import { addedMessage, addTools, failedMessage } from './add-tools';
import { ADD_TOOLS_ID, AgentHeader } from './agent-header';
import type { EditorActions, ListedTool } from './assignment-card';
import { AssignmentGroups } from './assignment-groups';
import { UnsavedChangesProvider } from './unsaved-changes';
import { UsagePanel } from '@/components/usage/usage-panel';
import { UsageSuggestionsPanel } from '@/components/usage/usage-suggestions-panel';

/**
 * The agent page: its tools by group, the tool picker, each tool's settings form, and how to
 * connect a client (`publicOrigin`: where clients reach the app).
 */
export function AgentDetail({ agentId, publicOrigin }: { agentId: string; publicOrigin: string }) {
  const queryClient = useQueryClient();
  const { data: agent } = useSuspenseQuery(agentQueryOptions(agentId));
  const { data: assignments } = useSuspenseQuery(assignmentsQueryOptions(agentId));
  const catalogue = useQuery(catalogueQueryOptions);
  const [drafts, setDrafts] = useState<readonly string[]>([]);
  const [editing, setEditing] = useState<ReadonlySet<string>>(new Set());
  const [isPicking, setIsPicking] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState('');
  const focusDraft = useRef<string | null>(null);
  const ruleGroups = useRuleGroups(agentId);
  const rules = useQuery(rulesQueryOptions(agentId));
  const ruleToolCount = (rules.data ?? []).reduce((sum, rule) => sum + rule.toolCount, 0);
  const { confirm, dialog: confirmDialog } = useConfirm();
  // A rule gives the group's tools now and later: the admin sees today's before saying yes.
  const askToAddGroupRule = async (group: string) => {
    const names = (catalogue.data?.tools ?? []).filter((tool) => tool.group === group).map((tool) => tool.name);
    const isSure = await confirm({
      title: `Add the whole ${groupLabel(group)} group as a rule?`,
      description: (
        <>
          <span className="block">
            {agent.name} gets every tool of the group, now and later. Today that is {names.length} {names.length === 1 ? 'tool' : 'tools'}:
          </span>
          <span role="list" aria-label={`Tools of the ${groupLabel(group)} group today`} className="mt-2 flex flex-wrap gap-1.5">
            {names.map((name) => (
              <span role="listitem" key={name} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground">
                {name}
              </span>
            ))}
          </span>
        </>
      ),
      confirmLabel: 'Add rule',
    });
    if (isSure) await addGroupRule(group);
  };
  const addGroupRule = useAddGroupRule(agentId, (message, failure) => {
    setIsPicking(false);
    setAnnouncement(message);
    setProblem(failure);
  });

  const groupOf = useMemo(() => new Map((catalogue.data?.tools ?? []).map((tool) => [tool.name, tool.group])), [catalogue.data]);
  const assigned = useMemo(() => new Set(assignments.map((a) => a.toolName)), [assignments]);
  const pending = useMemo(() => new Set(drafts), [drafts]);
  const assignedGroups = useMemo(() => new Map(assignments.map((a) => [a.toolName, a.group])), [assignments]);
  // A form stays while it is open, even when a refresh finds its tool removed by someone else:
  // the admin's unsaved values go only when they choose (saving then shows the conflict).
  const unsaved = [...new Set([...drafts, ...editing])].filter((name) => !assigned.has(name));
  const items: ListedTool[] = [
    ...assignments.map((assignment): ListedTool => ({ kind: 'saved', toolName: assignment.toolName, group: assignment.group, assignment })),
    ...unsaved.map((toolName): ListedTool => ({ kind: 'draft', toolName, group: groupOf.get(toolName), wasRemoved: !drafts.includes(toolName) })),
  ];

  const add = async (names: readonly string[]) => {
    const result = await addTools(queryClient, agentId, names);
    const { needSettings } = result;
    setDrafts((previous) => [...previous, ...needSettings.filter((name) => !previous.includes(name))]);
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
    focusDraft.current = needSettings[0] ?? null;
    setIsPicking(false);
    setAnnouncement(addedMessage(result));
    setProblem(failedMessage(result));
  };

  // Once the picker has closed (and handed focus back to its opener), a tool that waits for its
  // settings takes focus, so the admin can fill them in straight away.
  useEffect(() => {
    const name = focusDraft.current;
    if (isPicking || name === null) return;
    focusDraft.current = null;
    document.querySelector(`[data-tool="${CSS.escape(name)}"]`)?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [isPicking]);

  const actions: EditorActions = {
    open: (toolName) => setEditing((previous) => new Set(previous).add(toolName)),
    close: (toolName) => {
      setEditing((previous) => withoutName(previous, toolName));
      setDrafts((previous) => previous.filter((draft) => draft !== toolName));
      // A tool that leaves the list (discarded, removed) takes its focused button with it.
      if (!assignments.some((assignment) => assignment.toolName === toolName)) document.getElementById(ADD_TOOLS_ID)?.focus();
    },
    announce: (message) => {
      // The same words again would leave the live region unchanged, and unannounced.
      setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
      setProblem('');
    },
  };
  const open = new Set([...editing, ...drafts]);

  return (
    <UnsavedChangesProvider>
      <AgentHeader
        agent={agent}
        assignmentCount={assignments.length}
        canAddTools={catalogue.data !== undefined}
        onAddTools={() => setIsPicking(true)}
        onAnnounce={setAnnouncement}
      />
      {catalogue.isError && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          The catalogue could not be loaded, so tools cannot be added: {catalogue.error.message}{' '}
          <Button variant="link" size="sm" onClick={() => void catalogue.refetch()} className="h-auto px-0">
            Retry
          </Button>
        </p>
      )}
      <p role="status" className="mb-3 text-sm text-success">
        {announcement}
      </p>
      <p role="alert" className="mb-3 text-sm text-destructive">
        {problem}
      </p>
      {items.length === 0 && rules.data !== undefined && rules.data.length > 0 ? (
        <EmptyState icon={Wrench} title="No single tools assigned.">
          The group rules below give this agent {ruleToolCount === 1 ? '1 tool' : `${ruleToolCount} tools`}. Use “Add tools” to add single tools with their own settings.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={Wrench} title="No tools assigned yet.">
          Use “Add tools” to choose what this agent can call.
        </EmptyState>
      ) : (
        <AssignmentGroups
          agentId={agentId}
          items={items}
          open={open}
          actions={actions}
        />
      )}
      <GroupRules agentId={agentId} />
      <UsagePanel filter={{ agent: agentId }} subject={agent.name} />
      <UsageSuggestionsPanel agentId={agentId} />
      <ConnectCard agentId={agentId} agentName={agent.name} publicOrigin={publicOrigin} />
      <TryItPanel agentId={agentId} groupOf={assignedGroups} />
      <ModelViewPanel agentId={agentId} />
      <LintPanel agentId={agentId} />
      <ToolPickerDialog
        isOpen={isPicking}
        onClose={() => setIsPicking(false)}
        agentName={agent.name}
        tools={catalogue.data?.tools ?? []}
        assigned={assigned}
        pending={pending}
        onAdd={add}
        onAddGroupRule={(group) => void askToAddGroupRule(group)}
        ruleGroups={ruleGroups}
      />
      {confirmDialog}
    </UnsavedChangesProvider>
  );
}

function withoutName(names: ReadonlySet<string>, name: string): ReadonlySet<string> {
  const next = new Set(names);
  next.delete(name);
  return next;
}
