import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openUserMenu, signIn, useLanguage } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('sign out ends the session even when logout fails, and drops the credentials', async ({ page, context }) => {
  await signIn(page);
  await page.route('**/api/logout', (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain('token');
  expect(names).not.toContain('uuid');
  expect(await page.evaluate(() => localStorage.getItem('cleanfleet:1.20.0:token'))).toBeNull();
  await page.goto('/index');
  await expect(page).toHaveURL('/login?redirect=%2Findex');
});

test('clear token asks first, then the console returns to login with one message', async ({ page }) => {
  // Not the admin: clearing its tokens would end the admin session the other journeys start from.
  await signIn(page, '/index', 'userA1', DEMO_PASSWORD);
  await page.goto('/message/index?q=1');
  let menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Clear token' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Clear token?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/message/index?q=1');

  menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Clear token' }).click();
  await page.getByTestId('confirm-clearToken').click();
  // Every sign-in is revoked, this one too: the server closes the console's live connection (4003)
  // and the calls in flight answer 10003, yet the console signs out once, with one message, and
  // comes back to the same page after signing in again.
  await expect(page).toHaveURL('/login?redirect=%2Fmessage%2Findex%3Fq%3D1', { timeout: 20_000 });
  await expect(page.locator('.ant-message-notice')).toHaveCount(1);
  await expect(page.locator('.ant-message-notice')).toContainText('Your session has ended');
});

test('clear data asks first and reports success', async ({ page }) => {
  await signIn(page);
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Clear data' }).click();
  await expect(page.getByRole('dialog')).toContainText('older than one year');
  await page.getByTestId('confirm-clearData').click();
  await expect(page.getByText('Data cleared.')).toBeVisible();
});
