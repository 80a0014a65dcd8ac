import { expect, test } from '@playwright/test';
import { openUserMenu, signIn, useLanguage } from './helpers';

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

test('clear token asks first, then the next call returns to login with one message', async ({ page }) => {
  await signIn(page);
  await page.goto('/log?q=1');
  let menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Clear token' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Clear token?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Clear token' }).click();
  await page.getByTestId('confirm-clearToken').click();
  await expect(page.getByText('All sign-ins of your account have been revoked.')).toBeVisible();
  await expect(page).toHaveURL('/log?q=1');

  // Any next call now answers 10003: three at once still give one message and one sign-out.
  await page.getByTestId('language-switch').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Nederlands' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Flog%3Fq%3D1');
  await expect(page.locator('.ant-message-notice')).toHaveCount(1);
  await expect(page.locator('.ant-message-notice')).toContainText('Uw sessie is verlopen');
});

test('clear data asks first and reports success', async ({ page }) => {
  await signIn(page);
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Clear data' }).click();
  await expect(page.getByRole('dialog')).toContainText('older than one year');
  await page.getByTestId('confirm-clearData').click();
  await expect(page.getByText('Data cleared.')).toBeVisible();
});
