import type { VisibleGroup } from './filter-catalogue';

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
