import { expect, test } from '../support/test';
import { assignTool, createTestAgent } from '../support/agent-api';
import { filesFolder } from '../support/files-root';

const TOOLS = ['fs_read_file', 'tool_search', 'word_count'];

/**
 * Each card's list item's React props object, by tool: React gives a DOM element a new one
 * each time its component renders it again, and leaves it alone when the card is skipped.
 */
function propsIdentities(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll<HTMLElement>('li[data-tool]')];
    const store = ((window as unknown as { __cardProps?: Map<string, unknown>[] }).__cardProps ??= []);
    const snapshot = new Map<string, unknown>();
    for (const card of cards) {
      const key = Object.keys(card).find((name) => name.startsWith('__reactProps$'));
      snapshot.set(card.dataset.tool!, key ? (card as unknown as Record<string, unknown>)[key] : undefined);
    }
    store.push(snapshot);
    return store.length - 1;
  });
}

test('[AGENTS][RENDERS]: opening one tool card\'s form renders that card again and none of the others', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Renders');
  for (const tool of TOOLS) await assignTool(request, agentId, tool, tool === 'fs_read_file' ? { baseDir: filesFolder('renders') } : {});
  // The queries the page makes once hydrated; on a busy machine hydration can come well after
  // the network first goes quiet, so their answers are awaited, not a quiet network alone.
  const answered = Promise.all(
    [`/api/v1/agents/${agentId}/rules`, `/api/v1/agents/${agentId}/effective-tools?format=mcp`, `/api/v1/agents/${agentId}/effective-tools?format=openai`].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname + new URL(response.url()).search === path),
    ),
  );
  await page.goto(`/agents/${agentId}`);
  await expect(page.locator('li[data-tool]')).toHaveCount(TOOLS.length);
  await answered;
  // Settled: the page's queries answered and nothing else is pending.
  await page.waitForLoadState('networkidle');
  const before = await propsIdentities(page);

  await page.getByRole('button', { name: 'Edit settings of tool_search' }).click();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
  const after = await propsIdentities(page);

  const rendered = await page.evaluate(
    ([first, second]) => {
      const store = (window as unknown as { __cardProps: Map<string, unknown>[] }).__cardProps;
      const a = store[first]!;
      const b = store[second]!;
      return [...b.keys()].filter((tool) => !a.has(tool) || a.get(tool) !== b.get(tool)).sort();
    },
    [before, after] as const,
  );
  expect(rendered).toEqual(['tool_search']);
});
