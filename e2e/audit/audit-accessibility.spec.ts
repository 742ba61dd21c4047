import { expect, test } from '../support/test';
import { seriousViolations } from '../support/axe';
import { agentWithHistory } from '../support/audit-page';

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of viewports) {
  test.describe(viewport.name, () => {
    test.use({ viewport });

    test(`[AUDIT][A11Y]: /audit with an event's changes open has no serious or critical violations (${viewport.name})`, async ({ page, request }) => {
      const { id } = await agentWithHistory(request, 1);
      await page.goto(`/audit?agent=${id}`);
      await page.getByRole('button', { name: /^Show changes of Agent changed/ }).click();
      await expect(page.getByRole('list', { name: 'Changes' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`[AUDIT][A11Y]: /audit with filters that match nothing has no serious or critical violations (${viewport.name})`, async ({ page }) => {
      await page.goto('/audit?actor=nobody-at-all');
      await expect(page.getByRole('heading', { name: 'No events match these filters' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
