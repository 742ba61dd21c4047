import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { createAgentViaApi, uniqueToken } from '../support/agents-page';

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];


const token = uniqueToken();
const name = `Accessible ${token} with a rather long name that has to wrap on a phone`;

test.beforeAll(async ({ request }) => {
  await createAgentViaApi(request, { id: `a11y-${token}`, name, description: 'First line of the description\nSecond line' });
});

for (const viewport of viewports) {
  test.describe(viewport.name, () => {
    test.use({ viewport });

    test(`[AGENTS][A11Y]: /agents has no serious or critical accessibility violations (${viewport.name})`, async ({ page }) => {
      await page.goto('/agents');
      await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
      await expect(page.getByRole('link', { name })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`[AGENTS][A11Y]: a search that finds nothing has no serious or critical violations (${viewport.name})`, async ({ page }) => {
      await page.goto(`/agents?q=nothing-${token}`);
      await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`[AGENTS][A11Y]: the New agent dialog, with field errors, has no serious or critical violations (${viewport.name})`, async ({ page }) => {
      await page.goto('/agents');
      await page.getByRole('button', { name: 'New agent' }).click();
      const dialog = page.getByRole('dialog', { name: 'New agent' });
      await dialog.getByRole('button', { name: 'Create agent' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`[AGENTS][A11Y]: the Edit dialog has no serious or critical violations (${viewport.name})`, async ({ page }) => {
      await page.goto(`/agents?q=${token}`);
      await page.getByRole('button', { name: `Edit agent ${name}` }).click();
      await expect(page.getByRole('dialog', { name: `Edit agent “${name}”` })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`[AGENTS][A11Y]: the Delete dialog has no serious or critical violations (${viewport.name})`, async ({ page }) => {
      await page.goto(`/agents?q=${token}`);
      await page.getByRole('button', { name: `Delete agent ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete agent “${name}”?` });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
