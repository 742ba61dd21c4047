import type { ListedTool } from './assignment-card';

/** The props of a tool card that decide what it shows. */
export interface CardProps {
  agentId: string;
  item: ListedTool;
  isOpen: boolean;
  actions: unknown;
  index?: number;
  measureRef?: unknown;
}

/**
 * Whether a card would render the same: the page rebuilds its list items on every render, so
 * items are compared by their fields (a saved assignment by identity: react-query keeps an
 * unchanged one's object), not by the item object.
 */
export function isSameCard(a: CardProps, b: CardProps): boolean {
  return (
    a.agentId === b.agentId &&
    a.isOpen === b.isOpen &&
    a.actions === b.actions &&
    a.index === b.index &&
    a.measureRef === b.measureRef &&
    isSameItem(a.item, b.item)
  );
}

function isSameItem(a: ListedTool, b: ListedTool): boolean {
  if (a.toolName !== b.toolName || a.group !== b.group) return false;
  if (a.kind === 'saved') return b.kind === 'saved' && a.assignment === b.assignment;
  return b.kind === 'draft' && a.wasRemoved === b.wasRemoved;
}
