'use client';

import { Command } from 'cmdk';
import { useDeferredValue, useMemo, useState } from 'react';
import { firstLine } from '@/lib/catalogue/group-tools';
import { filterCatalogue, indexCatalogue } from '@/lib/catalogue/filter-catalogue';
import { limitGroups } from '@/lib/catalogue/limit-groups';
import { isAvailable, type ToolSummary } from '@/lib/catalogue/tool-summary';

/** A command menu mounts every item it is given: past this many matches, type to narrow. */
const SHOWN_LIMIT = 200;

interface ToolPickerProps {
  tools: readonly ToolSummary[];
  /** Tools the agent already has: marked, and not chosen again. */
  assigned: ReadonlySet<string>;
  chosen: ReadonlySet<string>;
  /** Chooses (or unchooses) these tools. */
  onToggle: (names: readonly string[], choose: boolean) => void;
  /** Ctrl+Enter: done choosing. */
  onConfirm: () => void;
}

/**
 * The grouped, searchable, keyboard-driven tool chooser (cmdk): one heading per group with its
 * count, unavailable tools disabled with their reason, already assigned tools marked, several
 * tools or a whole group chosen at once. Filters itself so 10,000 tools stay fast.
 */
export function ToolPicker({ tools, assigned, chosen, onToggle, onConfirm }: ToolPickerProps) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const index = useMemo(() => indexCatalogue(tools), [tools]);
  const { groups, matched, shown } = useMemo(
    () => limitGroups(filterCatalogue(index, { query: deferredQuery, group: '' }), SHOWN_LIMIT),
    [index, deferredQuery],
  );
  const choosable = (tool: ToolSummary) => isAvailable(tool) && !assigned.has(tool.name);

  return (
    <Command
      label="Search tools"
      shouldFilter={false}
      loop
      className="flex min-h-0 flex-col"
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onConfirm();
        }
      }}
    >
      <Command.Input
        data-autofocus
        value={query}
        onValueChange={setQuery}
        placeholder="Search by name, description or group"
        className="w-full rounded-md border border-slate-400 px-3 py-2 text-sm"
      />
      <p className="mt-1.5 text-xs text-slate-600" aria-live="polite">
        {matched === 0 ? '' : shown < matched ? `Showing the first ${shown} of ${matched.toLocaleString('en')} matching tools; type more to narrow.` : `${matched.toLocaleString('en')} ${matched === 1 ? 'tool' : 'tools'}`}
      </p>
      <Command.List className="mt-2 max-h-[55vh] overflow-y-auto overscroll-contain" label="Tools by group">
        <Command.Empty className="p-3 text-sm text-slate-700">No tools match “{deferredQuery}”.</Command.Empty>
        {groups.map(({ group, label, tools: matches, total }) => {
          const all = index.find((section) => section.group === group)?.tools ?? [];
          const open = all.filter(choosable).map((tool) => tool.name);
          const allChosen = open.length > 0 && open.every((name) => chosen.has(name));
          return (
            <Command.Group
              key={group}
              heading={`${label} (${matches.length === total ? total : `${matches.length} of ${total}`})`}
              className="mb-2 [&_[cmdk-group-heading]]:sticky [&_[cmdk-group-heading]]:top-0 [&_[cmdk-group-heading]]:bg-white [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-600"
            >
              {open.length > 0 && (
                <Command.Item value={`group:${group}`} onSelect={() => onToggle(open, !allChosen)} aria-checked={allChosen} className={itemClass}>
                  <CheckMark isChecked={allChosen} />
                  <span className="font-medium">{allChosen ? `Unchoose the whole ${label} group` : `Choose the whole ${label} group (${open.length} ${open.length === 1 ? "tool" : "tools"})`}</span>
                </Command.Item>
              )}
              {matches.map((tool) => (
                <ToolItem key={tool.name} tool={tool} isAssigned={assigned.has(tool.name)} isChosen={chosen.has(tool.name)} onToggle={onToggle} />
              ))}
            </Command.Group>
          );
        })}
      </Command.List>
    </Command>
  );
}

const itemClass =
  'flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm data-[selected=true]:bg-blue-100 data-[disabled=true]:cursor-not-allowed data-[disabled=true]:text-slate-600';

interface ToolItemProps {
  tool: ToolSummary;
  isAssigned: boolean;
  isChosen: boolean;
  onToggle: (names: readonly string[], choose: boolean) => void;
}

function ToolItem({ tool, isAssigned, isChosen, onToggle }: ToolItemProps) {
  const isUnavailable = !isAvailable(tool);
  return (
    <Command.Item
      value={`tool:${tool.name}`}
      disabled={isAssigned || isUnavailable}
      onSelect={() => onToggle([tool.name], !isChosen)}
      aria-checked={isAssigned || isChosen}
      className={itemClass}
    >
      <CheckMark isChecked={isAssigned || isChosen} />
      <span className="min-w-0 flex-1">
        <span className="font-mono font-medium break-all">{tool.name}</span>
        {isAssigned && ' '}
        {isAssigned && <span className="ml-2 rounded bg-slate-200 px-1.5 text-xs text-slate-800">Already assigned</span>}
        {isUnavailable && ' '}
        {isUnavailable && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">Unavailable</span>}
        <span className="block truncate text-xs text-slate-600">{firstLine(tool.description)}</span>
        {isUnavailable && <span className="block text-xs break-words text-amber-900">{tool.unavailableReason}</span>}
      </span>
    </Command.Item>
  );
}

function CheckMark({ isChecked }: { isChecked: boolean }) {
  return (
    <span aria-hidden className={`mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded border text-[10px] ${isChecked ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-500'}`}>
      {isChecked ? '✓' : ''}
    </span>
  );
}
