'use client';

import { groupLabel } from '@/lib/catalogue/group-tools';
import { compareStrings } from '@/registry/text';
import { AssignmentCard, type EditorActions, type ListedTool } from './assignment-card';

interface AssignmentGroupsProps {
  agentId: string;
  items: readonly ListedTool[];
  /** Tools whose settings form is open: being edited, or not saved yet. */
  open: ReadonlySet<string>;
  actions: EditorActions;
}

const MISSING = '\u0000missing';

/** The agent's tools in one section per group, tools whose plugin is gone last. */
export function AssignmentGroups({ agentId, items, open, actions }: AssignmentGroupsProps) {
  const byGroup = new Map<string, ListedTool[]>();
  for (const item of items) {
    const key = item.group ?? MISSING;
    byGroup.set(key, [...(byGroup.get(key) ?? []), item]);
  }
  const groups = [...byGroup.keys()].sort((a, b) => (a === MISSING ? 1 : b === MISSING ? -1 : compareStrings(a, b)));
  return (
    <div className="flex flex-col gap-6">
      {groups.map((group, index) => {
        const tools = byGroup.get(group)!.sort((a, b) => compareStrings(a.toolName, b.toolName));
        const headingId = `assigned-group-${index}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <h2 id={headingId} className="mb-2 text-lg font-semibold">
              {group === MISSING ? 'Missing tools' : groupLabel(group)} <span className="text-sm font-normal text-muted-foreground">({tools.length})</span>
            </h2>
            <ul className="flex flex-col gap-2">
              {tools.map((item) => (
                <AssignmentCard
                  key={item.toolName}
                  agentId={agentId}
                  item={item}
                  isOpen={open.has(item.toolName)}
                  actions={actions}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
