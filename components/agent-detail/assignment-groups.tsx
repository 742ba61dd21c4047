'use client';

import { useLayoutEffect, useMemo, useRef } from 'react';
import { groupLabel } from '@/lib/catalogue/group-tools';
import { compareStrings } from '@/registry/text';
import type { AssignedGroup } from './assigned-group';
import type { EditorActions, ListedTool } from './assignment-card';
import { MemoAssignmentCard } from './memo-assignment-card';
import { VirtualAssignmentList } from './virtual-assignment-list';

interface AssignmentGroupsProps {
  agentId: string;
  items: readonly ListedTool[];
  /** Tools whose settings form is open: being edited, or not saved yet. */
  open: ReadonlySet<string>;
  actions: EditorActions;
}

const MISSING = '\u0000missing';
// Up to this many tools every card is in the page (find-in-page works); beyond, only those near the viewport.
const VIRTUALIZE_ABOVE = 100;

/** The agent's tools in one section per group, tools whose plugin is gone last; a long list is virtualized. */
export function AssignmentGroups({ agentId, items, open, actions }: AssignmentGroupsProps) {
  const stableActions = useStableActions(actions);
  const groups = useMemo(() => groupItems(items), [items]);
  if (items.length > VIRTUALIZE_ABOVE) {
    return <VirtualAssignmentList agentId={agentId} groups={groups} open={open} actions={stableActions} />;
  }
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group, index) => {
        const headingId = `assigned-group-${index}`;
        return (
          <section key={group.key} aria-labelledby={headingId}>
            <h2 id={headingId} className="mb-2 text-lg font-semibold">
              {group.label} <span className="text-sm font-normal text-muted-foreground">({group.tools.length})</span>
            </h2>
            <ul className="flex flex-col gap-2">
              {group.tools.map((item) => (
                <MemoAssignmentCard key={item.toolName} agentId={agentId} item={item} isOpen={open.has(item.toolName)} actions={stableActions} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function groupItems(items: readonly ListedTool[]): AssignedGroup[] {
  const byGroup = new Map<string, ListedTool[]>();
  for (const item of items) {
    const key = item.group ?? MISSING;
    byGroup.set(key, [...(byGroup.get(key) ?? []), item]);
  }
  return [...byGroup.keys()]
    .sort((a, b) => (a === MISSING ? 1 : b === MISSING ? -1 : compareStrings(a, b)))
    .map((key) => ({
      key,
      label: key === MISSING ? 'Missing tools' : groupLabel(key),
      tools: byGroup.get(key)!.sort((a, b) => compareStrings(a.toolName, b.toolName)),
    }));
}

/** The page's actions behind one identity for the page's lifetime, each calling the latest. */
function useStableActions(actions: EditorActions): EditorActions {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  return useMemo(
    () => ({
      open: (toolName) => latest.current.open(toolName),
      close: (toolName) => latest.current.close(toolName),
      announce: (message) => latest.current.announce(message),
    }),
    [],
  );
}
