import type { VisibleGroup } from '@/lib/catalogue/filter-catalogue';
import { limitGroups, type LimitedGroups } from '@/lib/catalogue/limit-groups';

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
  // Lowercasing a name that is lowercase already (nearly every tool's) answers the same string,
  // and the words are found in place: a broad query scores 10,000 names without building a
  // word list for each (that was most of a keystroke's time, and its garbage).
  const lower = name.toLowerCase();
  let whole = 0;
  let contained = 0;
  for (const word of words) {
    const at = lower.indexOf(word);
    if (at === -1) continue;
    contained++;
    if (isWholeWord(lower, word, at)) whole++;
  }
  const startsWith = lower.startsWith(words[0]!) ? 1 : 0;
  return whole * 100 + startsWith * 10 + contained;
}

/**
 * Whether `word` is one of the name's words, a name's words being its runs of a–z and 0–9
 * (`fs_read_file` → fs, read, file). `first` is where the word first occurs in `lower`.
 */
function isWholeWord(lower: string, word: string, first: number): boolean {
  for (let i = 0; i < word.length; i++) if (!isWordChar(word.charCodeAt(i))) return false;
  for (let at = first; at !== -1; at = lower.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || !isWordChar(lower.charCodeAt(at - 1))) && (end === lower.length || !isWordChar(lower.charCodeAt(end)))) return true;
  }
  return false;
}

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}
