import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { assignTool, assignmentsOf, createTestAgent } from '../support/agent-api';
import { filesFolder, filesRoot } from '../support/files-root';
import { addThroughPicker } from '../support/tool-picker';

test('[AGENTS][BASEDIR]: the form shows the allowed folders and refuses base directories outside them, saving nothing', async ({ page, request }) => {
  // A real folder that exists but is not inside FS_ALLOWED_ROOTS.
  const elsewhere = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'tools-admin-e2e-elsewhere-')));
  try {
    const agentId = await createTestAgent(request, 'Policy');
    await page.goto(`/agents/${agentId}`);
    await addThroughPicker(page, 'fs_read_file');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /fs_read_file/ }) });
    const baseDir = card.getByRole('textbox', { name: 'Base directory' });
    await expect(card.getByText(`inside the allowed folder: ${filesRoot()}.`)).toBeVisible();

    for (const [value, reason] of [
      ['/', 'is outside the folders this server lets agents read'],
      ['/etc', 'is outside the folders this server lets agents read'],
      ['../etc', 'is a relative path'],
      ['/does/not/exist', 'is outside the folders this server lets agents read'],
      ['   ', 'Base directory is blank'],
      [elsewhere, 'is outside the folders this server lets agents read'],
    ] as const) {
      await baseDir.fill(value);
      await card.getByRole('button', { name: 'Assign fs_read_file' }).click();
      await expect(card.getByText(reason).first(), `the refusal of ${JSON.stringify(value)}`).toBeVisible();
      await expect(baseDir).toHaveAttribute('aria-invalid', 'true');
      expect((await assignmentsOf(request, agentId)).size, `nothing saved for ${JSON.stringify(value)}`).toBe(0);
    }

    const docs = filesFolder('policy-docs');
    await baseDir.fill(docs);
    await card.getByRole('button', { name: 'Assign fs_read_file' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Assigned fs_read_file.' })).toBeVisible();
    expect((await assignmentsOf(request, agentId)).get('fs_read_file')).toMatchObject({ status: 'ok', overrides: { baseDir: docs } });
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('[AGENTS][BASEDIR]: a saved base directory whose folder was deleted shows as invalid with the reason', async ({ page, request }) => {
  const agentId = await createTestAgent(request, 'Orphaned');
  const doomed = filesFolder(`doomed-${agentId}`);
  await assignTool(request, agentId, 'fs_read_file', { baseDir: doomed });
  rmSync(doomed, { recursive: true });

  await page.goto(`/agents/${agentId}`);

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /fs_read_file/ }) });
  await expect(card.getByText('Invalid settings')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Problems with the saved settings' })).toContainText(`Base directory "${doomed}" does not exist`);
  expect((await assignmentsOf(request, agentId)).get('fs_read_file')).toMatchObject({
    status: 'invalid',
    overrides: { baseDir: doomed },
    errors: [{ pointer: '/overrides/baseDir', message: expect.stringContaining('does not exist') as unknown as string }],
  });
});
