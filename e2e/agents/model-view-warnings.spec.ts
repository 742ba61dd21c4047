import { expect, test } from '../support/test';
import { assignTool, createTestAgent } from '../support/agent-api';
import { seriousViolations } from '../support/axe';
import { horizontalOverflow } from '../support/layout-checks';

// Issue 33, finding 3: "What the model sees" flagged every tool, built-ins included, as "not
// strict compatible", and showed the same OpenAI warnings on the Anthropic and MCP tabs.

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`[AGENTS][MODEL-VIEW]: built-ins are strict-compatible; a tool that is not gets one summary line on the OpenAI tab only, expandable to the list (${width} px)`, async ({ page, request }) => {
      const agentId = await createTestAgent(request, 'Warned');
      for (const tool of ['word_count', 'todo_read', 'todo_write', 'tool_search']) await assignTool(request, agentId, tool, {});
      const openai = (await (await request.get(`/api/v1/agents/${agentId}/effective-tools?format=openai`)).json()) as { warnings: { code: string; toolName?: string }[] };
      // tool_search's `limit` is optional (strict mode wants every property required): the one warning left.
      expect(openai.warnings).toEqual([expect.objectContaining({ code: 'not_strict_compatible', toolName: 'tool_search' })]);
      for (const format of ['anthropic', 'mcp']) {
        expect(((await (await request.get(`/api/v1/agents/${agentId}/effective-tools?format=${format}`)).json()) as { warnings: unknown[] }).warnings, format).toEqual([]);
      }

      await page.goto(`/agents/${agentId}`);
      const panel = page.getByRole('region', { name: 'What the model sees' });
      const warnings = panel.getByRole('region', { name: 'Warnings' });
      const summary = warnings.getByText('1 warning for OpenAI: 1 not strict compatible', { exact: true });
      // The first answer may wait for the tokenizer to load on a busy machine.
      await expect(summary).toBeVisible({ timeout: 20_000 });
      const item = warnings.getByRole('listitem');
      await expect(item).toBeHidden();
      await summary.click();
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('"tool_search"');
      await expect(item).not.toContainText('word_count');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toEqual([]);

      for (const tab of ['Anthropic', 'MCP']) {
        await panel.getByRole('radio', { name: tab }).click();
        await expect(panel.getByLabel(`Tools as ${tab} receives them`)).toBeVisible();
        await expect(panel.getByRole('region', { name: 'Warnings' })).toHaveCount(0);
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
