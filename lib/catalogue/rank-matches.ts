import type { VisibleGroup } from './filter-catalogue';

/**
 * Puts the tools whose name matches first, so the option a command menu highlights (and Enter
 * picks) is the one the admin is typing the name of: name starting with the query, then name
 * containing it, then matches in the description or group. Groups follow their best match;
 * ties keep the catalogue's order.
 */
export function rankMatches(groups: readonly VisibleGroup[], query: string): VisibleGroup[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...groups];
  const rank = (name: string) => {
    const lower = name.toLowerCase();
    return lower.startsWith(needle) ? 0 : lower.includes(needle) ? 1 : 2;
  };
  const ranked = groups.map((group, order) => {
    const tools = group.tools.map((tool, index) => ({ tool, index, rank: rank(tool.name) }));
    tools.sort((a, b) => a.rank - b.rank || a.index - b.index);
    return { group: { ...group, tools: tools.map(({ tool }) => tool) }, best: tools[0]?.rank ?? 2, order };
  });
  ranked.sort((a, b) => a.best - b.best || a.order - b.order);
  return ranked.map(({ group }) => group);
}
