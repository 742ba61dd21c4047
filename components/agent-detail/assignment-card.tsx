'use client';

import type { RJSFSchema } from '@rjsf/utils';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AssignmentView } from '@/lib/assignments/assignment';
import { isProblem } from '@/lib/client-api/api-problem';
import { deleteAssignment, toolEntryQueryOptions } from '@/lib/client-api/assignments-api';
import { hasSettings } from '@/lib/catalogue/tool-summary';
import { toolPath } from '@/lib/catalogue/tool-path';
import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ADD_TOOLS_ID } from './agent-header';
import { AssignmentEditor } from './assignment-editor';
import { PolicyEditor } from './policy-editor';
import { OverridesSummary } from './overrides-summary';
import { UnavailableForSuffix } from '@/components/ui/unavailable-for';
import { StatusBadge } from './status-badge';
import { UpstreamChange } from './upstream-change';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/components/auth/permissions-context';

/** One row of the agent's tools: a saved assignment, or a chosen tool not saved yet (a draft). */
export type ListedTool =
  | { kind: 'saved'; toolName: string; group: string | undefined; assignment: AssignmentView }
  | { kind: 'draft'; toolName: string; group: string | undefined; /** Was saved, until someone else removed it while its form was open. */ wasRemoved: boolean };

/** What a tool's card may ask of the page. */
export interface EditorActions {
  /** Opens the tool's settings form. */
  open: (toolName: string) => void;
  /** Closes it: saved, cancelled or discarded. */
  close: (toolName: string) => void;
  announce: (message: string) => void;
}

interface AssignmentCardProps {
  agentId: string;
  item: ListedTool;
  /** The settings form is open. */
  isOpen: boolean;
  actions: EditorActions;
  /** In a long, virtualized list: the card's position, and the virtualizer's measuring ref. */
  index?: number;
  measureRef?: (element: HTMLLIElement | null) => void;
}

/** One assigned tool: status, overrides summary, and its settings form when opened. */
export function AssignmentCard({ agentId, item, isOpen, actions, index, measureRef }: AssignmentCardProps) {
  const canWrite = useCan('agents:write');
  const queryClient = useQueryClient();
  const { toolName } = item;
  const assignment = item.kind === 'saved' ? item.assignment : undefined;
  const isMissing = assignment?.status === 'missing';
  const entry = useQuery({ ...toolEntryQueryOptions(toolName), enabled: !isMissing });
  const schema = entry.data?.overridesSchema as RJSFSchema | undefined;
  const [problem, setProblem] = useState('');
  const [isPolicyOpen, setIsPolicyOpen] = useState(false);
  const { confirm, dialog } = useConfirm();
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(isOpen);
  const isRemoved = useRef(false);
  // A form that closes (saved or cancelled) hands focus back to the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !isOpen && !isRemoved.current) editButton.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  const remove = async () => {
    if (!assignment) return;
    const isSure = await confirm({
      title: `Remove ${toolName}?`,
      description: 'The agent can no longer call it, and its settings are deleted with it.',
      confirmLabel: 'Remove',
      isDestructive: true,
    });
    if (!isSure) return;
    setProblem('');
    try {
      await deleteAssignment(agentId, toolName, assignment.version);
      actions.announce(`Removed ${toolName}.`);
      isRemoved.current = true;
      actions.close(toolName);
      document.getElementById(ADD_TOOLS_ID)?.focus();
    } catch (error) {
      toast.error(`${toolName} was not removed.`);
      setProblem(
        isProblem(error, 412)
          ? `Someone else changed ${toolName} meanwhile; its current settings are shown. Remove it again if you still want to.`
          : error instanceof Error ? error.message : `${toolName} could not be removed.`,
      );
    }
    await queryClient.invalidateQueries({ queryKey: ['agents'] });
  };

  const saved = (next: AssignmentView, isNew: boolean) => {
    queryClient.setQueryData<AssignmentView[]>(['agents', 'tools', agentId], (list) =>
      list ? [...list.filter((other) => other.toolName !== toolName), next] : list,
    );
    void queryClient.invalidateQueries({ queryKey: ['agents'] });
    actions.announce(isNew ? `Assigned ${toolName}.` : `Saved the settings of ${toolName}.`);
    actions.close(toolName);
  };

  return (
    <li ref={measureRef} data-index={index} aria-labelledby={headingId} data-tool={toolName} className={cn(cardClass, 'p-3')}>
      <div className="flex flex-col gap-x-3 gap-y-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="flex flex-wrap items-center gap-2">
            {isMissing ? (
              <span className="font-mono font-medium break-all">{toolName}</span>
            ) : (
              <Link href={toolPath(toolName)} className="font-mono font-medium break-all text-link hover:underline">
                {toolName}
              </Link>
            )}
            <StatusBadge status={assignment?.status ?? 'draft'} />
            {assignment?.upstreamChange && <Badge tone="warning">changed upstream</Badge>}
          </h3>
          <StatusDetail assignment={assignment} />
          {assignment?.upstreamChange && <UpstreamChange agentId={agentId} toolName={toolName} change={assignment.upstreamChange} canWrite={canWrite} onAnnounce={actions.announce} />}
          {assignment && <OverridesSummary overrides={assignment.overrides} schema={schema} hasSettings={schema ? hasSettings(schema) : true} />}
        </div>
        {assignment && canWrite && (
          <div className="flex gap-2">
            {!isMissing && !isOpen && (schema === undefined || hasSettings(schema)) && (
              <Button ref={editButton} size="sm" onClick={() => actions.open(toolName)} aria-label={`Edit settings of ${toolName}`}>
                Edit settings
              </Button>
            )}
            {!isMissing && !isPolicyOpen && (
              <Button size="sm" onClick={() => setIsPolicyOpen(true)} aria-label={`Edit what the model is told about ${toolName}`}>
                Model view
              </Button>
            )}
            <Button size="sm" onClick={() => void remove()} aria-label={`Remove ${toolName}`} className="text-destructive">
              Remove
            </Button>
          </div>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {problem}
        </p>
      )}
      {item.kind === 'draft' && (
        <p className="mt-1 text-sm text-muted-foreground">
          {item.wasRemoved
            ? 'Someone else removed this tool from the agent. Your form is kept: save to assign it again, or discard it.'
            : 'Fill in its settings, then assign it.'}
        </p>
      )}
      {isOpen && !isMissing && (
        <EditorSlot
          isLoading={entry.isPending}
          error={entry.error}
          onRetry={() => void entry.refetch()}
          hasSchema={schema !== undefined}
          hasNoSettings={schema !== undefined && !hasSettings(schema)}
        >
          {schema && (
            <AssignmentEditor
              agentId={agentId}
              toolName={toolName}
              schema={schema}
              saved={assignment}
              savedErrors={assignment?.errors ?? []}
              onSaved={saved}
              onClose={(isDiscarded) => {
                if (isDiscarded) actions.announce(`Discarded ${toolName}; it was not assigned.`);
                actions.close(toolName);
              }}
            />
          )}
        </EditorSlot>
      )}
      {isPolicyOpen && assignment && !isMissing && <PolicyEditor agentId={agentId} toolName={toolName} onClose={() => setIsPolicyOpen(false)} />}
      {dialog}
    </li>
  );
}

function StatusDetail({ assignment }: { assignment: AssignmentView | undefined }) {
  if (!assignment) return null;
  if (assignment.status === 'missing') {
    return <p className="text-sm text-destructive">No installed plugin provides this tool any more. Its saved settings are kept below until you remove it.</p>;
  }
  return (
    <>
      {assignment.unavailableReason && (
        <p className="text-sm break-words text-warning">
          Unavailable: {assignment.unavailableReason}
          <UnavailableForSuffix since={assignment.unavailableSince} />
        </p>
      )}
      {assignment.status === 'invalid' && (
        <ul className="text-sm text-destructive" aria-label="Problems with the saved settings">
          {(assignment.errors ?? []).map((error) => (
            <li key={`${error.pointer}:${error.message}`}>{error.message}</li>
          ))}
        </ul>
      )}
    </>
  );
}

interface EditorSlotProps {
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  hasSchema: boolean;
  hasNoSettings: boolean;
  children: React.ReactNode;
}

function EditorSlot({ isLoading, error, onRetry, hasSchema, hasNoSettings, children }: EditorSlotProps) {
  if (isLoading) return <p className="mt-3 text-sm text-muted-foreground" role="status">Loading the settings form…</p>;
  if (error || !hasSchema) {
    return (
      <p role="alert" className="mt-3 text-sm text-destructive">
        The settings form could not be loaded: {error?.message ?? 'the tool is not in the catalogue.'}{' '}
        <Button variant="link" size="sm" onClick={onRetry} className="h-auto px-0">
          Retry
        </Button>
      </p>
    );
  }
  return (
    <>
      {hasNoSettings && <p className="mt-3 text-sm text-muted-foreground">This tool has no settings.</p>}
      {children}
    </>
  );
}
