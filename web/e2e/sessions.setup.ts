/**
 * Sign in once per saved account and save the signed-in state (cookies and localStorage) for the
 * journeys that start as that account (`test.use({ storageState: savedSession('admin') })`).
 */
import { test as setup } from '@playwright/test';
import { SAVED_ACCOUNTS, savedSession, signIn, type SavedAccount } from './helpers';

for (const [name, { account, password }] of Object.entries(SAVED_ACCOUNTS)) {
  setup(`sign in once as ${name}`, async ({ page }) => {
    await signIn(page, '/index', account, password);
    await page.context().storageState({ path: savedSession(name as SavedAccount) });
  });
}
