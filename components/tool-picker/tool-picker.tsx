'use client';

import { Command } from 'cmdk';
import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { fieldClass } from '@/components/ui/input';
import { BreakableText } from '@/components/ui/wrapped-value';
import { ChosenChips } from './chosen-chips';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { firstLine } from '@/lib/catalogue/group-tools';
import { searchOf, type VisibleGroup } from '@/lib/catalogue/filter-catalogue';
import { rankAndLimit } from './rank-matches';
import { sharedIndexOf } from '@/lib/client/shared-index';
import { UnavailableForSuffix } from '@/components/ui/unavailable-for';
import { isAvailable, type ToolSummary } from '@/lib/catalogue/tool-summary';
import { countText } from '@/lib/client/count-text';
import { choosableByGroup, isChoosable } from './choosable';

/** A command menu mounts every item it is given: past this many matches, type to narrow. */
const SHOWN_LIMIT = 200;

/**
 * The options a keystroke redraws at once: the list shows about ten, so these are its first
 * screenful with room to spare. A broad keystroke ("r") replaces every shown option, and redrawing
 * all 200 cmdk items before the next frame made it the slowest key (55-60 ms); the options past
 * these take their new tools in a deferred render just after the frame (see ToolOption).
 */
const URGENT_OPTIONS = 30;

interface ToolPickerProps {
  tools: readonly ToolSummary[];
  /** Tools the agent already has: marked, and not chosen again. */
  assigned: ReadonlySet<string>;
  /** Tools chosen earlier whose settings are still being filled in: marked too. */
  pending?: ReadonlySet<string>;
  chosen: ReadonlySet<string>;
  /** Chooses (or unchooses) these tools. */
  onToggle: (names: readonly string[], choose: boolean) => void;
  /** Ctrl+Enter: done choosing. */
  onConfirm: () => void;
  /** When given, each group also offers "Add the whole group as a rule" (groups in `ruleGroups` say they have one). */
  onAddGroupRule?: (group: string) => void;
  ruleGroups?: ReadonlySet<string>;
}

/**
 * The grouped, searchable, keyboard-driven tool chooser (cmdk): one heading per group with its
 * count, unavailable tools disabled with their reason, already assigned tools marked, several
 * tools or a whole group chosen at once. Filters itself so 10,000 tools stay fast: the index is
 * the page's shared one (built when the page was idle, not on opening), a keystroke scans the
 * prepared text and orders only the groups it shows.
 */
export function ToolPicker({ tools, assigned, pending, chosen, onToggle, onConfirm, onAddGroupRule, ruleGroups }: ToolPickerProps) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  useActiveDescendant(inputRef, listRef);
  const index = sharedIndexOf(tools);
  const { groups, matched, shown } = useMemo(() => rankAndLimit(searchOf(index).filter({ query, group: '' }), query, SHOWN_LIMIT), [index, query]);
  const assignedLabel = (name: string) => (assigned.has(name) ? 'Already assigned' : pending?.has(name) ? 'Waiting for its settings' : undefined);
  const openByGroup = choosableByGroup(index, assigned, pending);
  const { keys, starts, urgent } = useMemo(() => optionLayout(groups, (tool) => isChoosable(tool, assigned, pending)), [groups, assigned, pending]);

  return (
    <Command
      label="Search tools"
      shouldFilter={false}
      filter={unscored}
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
        ref={inputRef}
        data-autofocus
        value={query}
        onValueChange={setQuery}
        placeholder="Search by name, description or group"
        className={cn(fieldClass, 'py-2')}
      />
      <ChosenChips chosen={chosen} onToggle={onToggle} />
      <p className="mt-1.5 text-xs text-muted-foreground" aria-live="polite">
        {matched === 0 ? '' : shown < matched ? `Showing the first ${shown} of ${countText(matched)} matching tools; type more to narrow.` : `${countText(matched)} ${matched === 1 ? 'tool' : 'tools'}`}
      </p>
      {/* A fixed height: the dialog does not jump about as the matches shrink and grow. */}
      <Command.List ref={listRef} className="mt-2 h-[min(55dvh,28rem)] overflow-y-auto overscroll-contain" label="Tools by group">
        <Command.Empty className="p-3 text-sm text-muted-foreground">No tools match “{query}”.</Command.Empty>
        {groups.map(({ group, label, tools: matches, total }, slot) => {
          const open = openByGroup.get(group) ?? [];
          const allChosen = open.length > 0 && open.every((name) => chosen.has(name));
          return (
            // Keyed by place, as the options are (see optionKeys).
            <Command.Group
              key={slot}
              heading={`${label} (${matches.length === total ? total : `${matches.length} of ${total}`})`}
              className="mb-2 [&_[cmdk-group-heading]]:sticky [&_[cmdk-group-heading]]:top-0 [&_[cmdk-group-heading]]:z-10 [&_[cmdk-group-heading]]:bg-popover [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-sm [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-muted-foreground"
            >
              {matches.map((tool, place) => (
                <ToolOption
                  key={keys[slot]![place]}
                  isUrgent={starts[slot]! + place < urgent}
                  tool={tool}
                  assignment={assignedLabel(tool.name)}
                  isChosen={chosen.has(tool.name)}
                  onToggle={onToggle}
                />
              ))}
              {open.length > 0 && (
                <Command.Item value={`group:${group}`} onMouseDown={keepFocusInSearch} onSelect={() => onToggle(open, !allChosen)} aria-checked={allChosen} className={itemClass}>
                  <CheckMark isChecked={allChosen} />
                  <span className="min-w-0 flex-1">
                    <span className="font-medium">
                      {allChosen ? `Unchoose the whole ${label} group` : `Choose the whole ${label} group (${open.length} ${open.length === 1 ? 'tool' : 'tools'})`}
                    </span>
                    {/* Adding a group adds the tools it has now, once; there are no group rules (yet). */}
                    <span className="block text-xs text-muted-foreground">
                      {allChosen ? 'Its tools are chosen.' : `Adds the ${open.length === 1 ? 'tool' : `${open.length} tools`} it has today, once; tools it gains later are not added.`}
                    </span>
                  </span>
                </Command.Item>
              )}
              {onAddGroupRule && (
                <GroupRuleItem group={group} label={label} hasRule={ruleGroups?.has(group) ?? false} onAdd={onAddGroupRule} />
              )}
            </Command.Group>
          );
        })}
      </Command.List>
    </Command>
  );
}

// cmdk scores each option with its filter even when it does not filter (shouldFilter={false}); the
// picker ranks its own matches and never reads that score, so it costs nothing.
const unscored = () => 1;

interface OptionLayout {
  /** React keys of the shown options, group by group. */
  keys: string[][];
  /** The place in the whole list of each group's first option. */
  starts: number[];
  /** How many options, from the top, a keystroke redraws at once (see ToolOption). */
  urgent: number;
}

/**
 * React keys of the shown options, group by group. Keyed by their place in the list, a keystroke
 * that swaps the shown tools for others ("r" to "": the first 200 matches of "r" for the first 200
 * of the catalogue) rewrites the options in place, instead of unmounting 200 cmdk items and
 * mounting 200 new ones (each registers in cmdk's store, subscribes to it, adds its listeners and
 * builds its elements): that swap was the slowest keystroke. The tools up to the first choosable
 * one, the option cmdk highlights after a keystroke, keep their name as key: when that option is
 * another tool it is another element with another id, so screen readers hear the new option.
 * That option is always among the ones redrawn at once: cmdk highlights the first enabled option
 * in the page right after the keystroke's render, and it must not be one still showing the
 * previous query's tool.
 */
function optionLayout(groups: readonly VisibleGroup[], isChoosable: (tool: ToolSummary) => boolean): OptionLayout {
  let isBeforeHighlight = true;
  let urgent = URGENT_OPTIONS;
  let start = 0;
  const starts: number[] = [];
  const keys = groups.map(({ tools }) => {
    starts.push(start);
    const groupKeys = tools.map((tool, place) => {
      if (!isBeforeHighlight) return `place:${place}`;
      if (isChoosable(tool)) {
        isBeforeHighlight = false;
        urgent = Math.max(urgent, start + place + 1);
      }
      return `tool:${tool.name}`;
    });
    start += tools.length;
    return groupKeys;
  });
  return { keys, starts, urgent };
}

/**
 * Keeps the search box's `aria-activedescendant` on the highlighted option. cmdk 1.1 works it out
 * while rendering, before the options it just highlighted are in the page, so on opening and
 * after each keystroke screen readers were told of no option (or of one already gone).
 */
function useActiveDescendant(inputRef: React.RefObject<HTMLInputElement | null>, listRef: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const input = inputRef.current;
    const list = listRef.current;
    if (!input || !list) return;
    const sync = () => {
      const id = list.querySelector('[cmdk-item][aria-selected="true"]')?.id;
      if (id && input.getAttribute('aria-activedescendant') !== id) input.setAttribute('aria-activedescendant', id);
      if (!id && input.hasAttribute('aria-activedescendant')) input.removeAttribute('aria-activedescendant');
    };
    const observer = new MutationObserver(sync);
    observer.observe(list, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'] });
    observer.observe(input, { attributes: true, attributeFilter: ['aria-activedescendant'] });
    sync();
    return () => observer.disconnect();
  }, [inputRef, listRef]);
}

// content-visibility: the list shows about ten of its up to 200 options; the browser lays out and
// paints the others only as they scroll into view, so opening and typing do not wait for them.
const itemClass =
  'flex cursor-pointer items-start gap-2 rounded px-2 py-1.5 text-sm [content-visibility:auto] [contain-intrinsic-size:auto_3rem] data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground data-[disabled=true]:cursor-not-allowed data-[disabled=true]:text-muted-foreground';

// A click on an option must leave focus in the search box, so typing goes on filtering.
const keepFocusInSearch = (event: React.MouseEvent) => event.preventDefault();

interface ToolItemProps {
  tool: ToolSummary;
  /** Why the tool is already the agent's ("Already assigned"), if it is. */
  assignment: string | undefined;
  isChosen: boolean;
  onToggle: (names: readonly string[], choose: boolean) => void;
}

/**
 * An option of the list. Past the first `URGENT_OPTIONS`, an option given another tool by a
 * keystroke keeps drawing its previous one until a deferred render, which React runs after the
 * keystroke's frame is painted (and starts again if another key comes first): the keystroke redraws
 * only the options in view, and the others follow a moment later, out of sight below them. The
 * option stays mounted all along (unmounting and mounting cmdk items costs more than redrawing
 * them), so keyboard navigation, the highlight and the ids stay as they are. A change to the
 * same tool (chosen by a click, say) is drawn at once.
 */
const ToolOption = memo(function ToolOption({ isUrgent, ...item }: ToolItemProps & { isUrgent: boolean }) {
  const deferred = useDeferredValue(isUrgent ? undefined : item);
  return <ToolItem {...(deferred !== undefined && deferred.tool !== item.tool ? deferred : item)} />;
});

// Memoised: a keystroke that leaves an option's tool in its place does not redraw it.
const ToolItem = memo(function ToolItem({ tool, assignment, isChosen, onToggle }: ToolItemProps) {
  const isUnavailable = !isAvailable(tool);
  const isAssigned = assignment !== undefined;
  return (
    <Command.Item
      value={`tool:${tool.name}`}
      disabled={isAssigned || isUnavailable}
      onSelect={() => onToggle([tool.name], !isChosen)}
      onMouseDown={keepFocusInSearch}
      aria-checked={isAssigned || isChosen}
      className={itemClass}
    >
      <CheckMark isChecked={isAssigned || isChosen} />
      <span className="min-w-0 flex-1">
        {/* Breaks at the name's underscores and dots, never mid-word (unless a part is wider than the line). */}
        <span className="font-mono font-medium break-words">
          <BreakableText text={tool.name} />
        </span>
        {isAssigned && ' '}
        {isAssigned && (
          <Badge tone="neutral" className="ml-2">
            {assignment}
          </Badge>
        )}
        {isUnavailable && ' '}
        {isUnavailable && (
          <Badge tone="warning" className="ml-2">
            Unavailable
          </Badge>
        )}
        <span className="block truncate text-xs text-muted-foreground">{firstLine(tool.description)}</span>
        {isUnavailable && (
          <span className="block text-xs break-words text-warning">
            {tool.unavailableReason}
            <UnavailableForSuffix since={tool.unavailableSince} />
          </span>
        )}
      </span>
    </Command.Item>
  );
});

/** The picker's added action: give the agent the whole group as a rule, so tools it gains later come too. */
function GroupRuleItem({ group, label, hasRule, onAdd }: { group: string; label: string; hasRule: boolean; onAdd: (group: string) => void }) {
  return (
    <Command.Item value={`rule:${group}`} disabled={hasRule} onMouseDown={keepFocusInSearch} onSelect={() => onAdd(group)} className={itemClass}>
      <span aria-hidden className="mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded border border-dashed border-input" />
      <span className="min-w-0 flex-1">
        <span className="font-medium">{hasRule ? `The whole ${label} group is a rule of this agent` : `Add the whole ${label} group as a rule`}</span>
        <span className="block text-xs text-muted-foreground">
          {hasRule ? 'Its tools, now and later, are the agent\'s.' : 'Gives every tool of the group, now and later; a tool assigned on its own keeps its settings.'}
        </span>
      </span>
    </Command.Item>
  );
}

function CheckMark({ isChecked }: { isChecked: boolean }) {
  return (
    <span
      aria-hidden
      className={cn('mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded border', isChecked ? 'border-primary bg-primary text-primary-foreground' : 'border-input')}
    >
      {isChecked && <Check className="size-3" strokeWidth={3} />}
    </span>
  );
}
