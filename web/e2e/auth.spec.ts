import { expect, test } from '@playwright/test';
import { expectSignedIn, signIn, submitLogin, tab, useLanguage } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('a signed-out visit goes to login with the full path, and sign-in comes back to it', async ({ page }) => {
  await page.goto('/device/index?owner=7#top');
  await expect(page).toHaveURL('/login?redirect=%2Fdevice%2Findex%3Fowner%3D7%23top');
  await expect(page).toHaveTitle('Sign in · CleanFleet');
  await submitLogin(page);
  await expectSignedIn(page);
  await expect(page).toHaveURL('/device/index?owner=7#top');
  await expect(page).toHaveTitle('Device list · CleanFleet');
  await expect(page.getByTestId('tab:/device/index')).toBeVisible();
});

test('root goes to the status monitoring page', async ({ page }) => {
  await signIn(page, '/');
  await expect(page).toHaveURL('/index');
  await expect(page).toHaveTitle('Status monitoring · CleanFleet');
  await expect(page.getByRole('heading', { name: 'Welcome, ' })).toBeVisible();
});

test('the login form explains what is wrong', async ({ page }) => {
  await page.goto('/login');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('Enter your login name.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();

  await page.locator('#account').fill('no spaces!');
  await expect(page.getByText('The login name may contain only English letters and digits.')).toBeVisible();

  await submitLogin(page, 'nobody42', 'whatever1');
  await expect(page.getByRole('alert')).toHaveText('Wrong login name or password.');
  await expect(page).toHaveURL(/\/login/);
});

test('a lost connection at sign-in says so', async ({ page }) => {
  await page.route('**/api/login', (route) => route.abort('connectionrefused'));
  await page.goto('/login');
  await submitLogin(page);
  await expect(page.getByRole('alert')).toHaveText(/The server cannot be reached/);
});

test('an unknown path shows the 404 page with a way back', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · CleanFleet');
  await page.getByRole('button', { name: 'Back to status monitoring' }).click();
  await expect(page).toHaveURL('/index');
});

test('/redirect/<route> and /refresh land on the page', async ({ page }) => {
  await signIn(page);
  await page.goto('/redirect/log?from=e2e');
  await expect(page).toHaveURL('/log?from=e2e');
  // its tab is open (and kept for the reload) once the layout has seen the page
  await expect(tab(page, '/log')).toBeVisible();
  await page.goto('/refresh');
  await expect(page).toHaveURL('/log?from=e2e');
});

test('a whole journey logs no error in the browser console', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // the journeys block the console's service worker (playwright.config.ts): Playwright says so itself
    if (message.text() === 'Service Worker registration blocked by Playwright') return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await signIn(page, '/log');
  for (const name of ['Task report', 'Message centre', 'Status monitoring']) {
    await page.locator('.cf-sider').getByRole('link', { name, exact: true }).click();
  }
  await page.getByTestId('tab:/log').click();
  await page.getByTestId('menu-toggle').click();
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  expect(problems).toEqual([]);
});
