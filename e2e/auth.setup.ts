import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { ADMIN_STORAGE_STATE, E2E_ADMIN } from './support/e2e-admin';

// Signs the shared server's first admin in once, through the sign-in page; every spec starts from this state.
setup('[AUTH][SETUP]: the first admin signs in and the session is kept for every spec', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('group', { name: 'Signed in user' })).toContainText('admin');
  await mkdir(path.dirname(ADMIN_STORAGE_STATE), { recursive: true });
  await page.context().storageState({ path: ADMIN_STORAGE_STATE });
});
