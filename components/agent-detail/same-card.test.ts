import { describe, expect, it } from 'vitest';
import type { AssignmentView } from '@/lib/assignments/assignment';
import type { ListedTool } from './assignment-card';
import { isSameCard, type CardProps } from './same-card';

const actions = {};
const assignment = { toolName: 'word_count', version: 1 } as unknown as AssignmentView;

function props(item: ListedTool, isOpen = false): CardProps {
  return { agentId: 'a', item, isOpen, actions };
}

describe('isSameCard', () => {
  it('keeps a card when the page rebuilt its item with the same assignment (another card opened)', () => {
    const before = props({ kind: 'saved', toolName: 'word_count', group: 'text', assignment });
    const after = props({ kind: 'saved', toolName: 'word_count', group: 'text', assignment });
    expect(isSameCard(before, after)).toBe(true);
  });

  it('renders a card again when its own form opens or its assignment changes', () => {
    const item: ListedTool = { kind: 'saved', toolName: 'word_count', group: 'text', assignment };
    expect(isSameCard(props(item), props(item, true))).toBe(false);
    const saved = { ...assignment, version: 2 } as AssignmentView;
    expect(isSameCard(props(item), props({ ...item, assignment: saved }))).toBe(false);
  });

  it('tells a draft from a saved tool, and a draft removed by someone else from one that was not', () => {
    const draft: ListedTool = { kind: 'draft', toolName: 'word_count', group: 'text', wasRemoved: false };
    expect(isSameCard(props(draft), props({ ...draft }))).toBe(true);
    expect(isSameCard(props(draft), props({ ...draft, wasRemoved: true }))).toBe(false);
    expect(isSameCard(props(draft), props({ kind: 'saved', toolName: 'word_count', group: 'text', assignment }))).toBe(false);
  });
});
