import type { VisibleGroup } from './filter-catalogue';
import { limitGroups, type LimitedGroups } from './limit-groups';

/**
 * Puts the tools whose name matches best first, so the option a command menu highlights (and
 * Enter picks) is the one the admin is typing the name of. Every typed word already matched
 * somewhere (the filter sees to that); a tool ranks by how many of the words are whole words of
 * its name (`read file` → `fs_read_file`), then by whether its name starts with the first word,
 * then by how many words its name contains at all. Groups follow their best match; ties keep the
 * catalogue's order.
 */
export function rankMatches(groups: readonly VisibleGroup[], query: string): VisibleGroup[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  const ranked = groups.map((group, order) => {
    const tools = group.tools.map((tool, index) => ({ tool, index, score: nameScore(tool.name, words) }));
    tools.sort((a, b) => b.score - a.score || a.index - b.index);
    return { group: { ...group, tools: tools.map(({ tool }) => tool) }, best: tools[0]?.score ?? 0, order };
  });
  ranked.sort((a, b) => b.best - a.best || a.order - b.order);
  return ranked.map(({ group }) => group);
}

/**
 * `limitGroups(rankMatches(groups, query), limit)`, without ordering the tools of groups the cut
 * leaves out: a broad query in a picker of 10,000 tools scores every match but sorts only the
 * groups it shows.
 */
export function rankAndLimit(groups: readonly VisibleGroup[], query: string, limit: number): LimitedGroups {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return limitGroups(groups, limit);
  const scored = groups.map((group, order) => {
    const scores = group.tools.map((tool) => nameScore(tool.name, words));
    let best = scores.length > 0 ? scores[0]! : 0;
    let isEven = true;
    for (const score of scores) {
      if (score > best) best = score;
      if (score !== scores[0]) isEven = false;
    }
    return { group, order, scores, best, isEven };
  });
  scored.sort((a, b) => b.best - a.best || a.order - b.order);
  const shownGroups: VisibleGroup[] = [];
  let matched = 0;
  let shown = 0;
  for (const { group, scores, isEven } of scored) {
    matched += group.tools.length;
    const room = limit - shown;
    if (room <= 0) continue;
    let tools = group.tools;
    if (!isEven) {
      const order = tools.map((_, index) => index);
      order.sort((a, b) => scores[b]! - scores[a]! || a - b);
      tools = order.map((index) => group.tools[index]!);
    }
    if (tools.length > room) tools = tools.slice(0, room);
    shown += tools.length;
    shownGroups.push({ ...group, tools });
  }
  return { groups: shownGroups, matched, shown };
}

/** Higher is better: whole-word name matches weigh most, then a name starting with the first word, then substrings. */
export function nameScore(name: string, words: readonly string[]): number {
  const { lower, parts } = nameWords(name);
  let whole = 0;
  let contained = 0;
  for (const word of words) {
    if (parts.has(word)) whole++;
    if (lower.includes(word)) contained++;
  }
  const startsWith = lower.startsWith(words[0]!) ? 1 : 0;
  return whole * 100 + startsWith * 10 + contained;
}

// A name's lowercase form and words, split once per name rather than on every keystroke.
const splitNames = new Map<string, { lower: string; parts: ReadonlySet<string> }>();
const MAX_SPLIT_NAMES = 50_000;

function nameWords(name: string): { lower: string; parts: ReadonlySet<string> } {
  let known = splitNames.get(name);
  if (!known) {
    const lower = name.toLowerCase();
    known = { lower, parts: new Set(lower.split(/[^a-z0-9]+/).filter(Boolean)) };
    if (splitNames.size >= MAX_SPLIT_NAMES) splitNames.clear();
    splitNames.set(name, known);
  }
  return known;
}
