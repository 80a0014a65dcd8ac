import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, signOut, submitLogin, tab, tabOrder, useLanguage } from './helpers';

async function openFromMenu(page: Page, name: string, path: string) {
  await page.locator('.cf-sider').getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(path);
}

async function tabMenu(page: Page, path: string, action: string) {
  await tab(page, path).click({ button: 'right' });
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: action }).click();
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await signIn(page); // a fresh browser context: only the index tab is open
  await openFromMenu(page, 'Task report', '/reportChart');
  await openFromMenu(page, 'Message centre', '/message/index');
  await openFromMenu(page, 'Operation log', '/log');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/reportChart', '/message/index', '/log']);
});

test('every page opens as a tab and the index tab cannot close', async ({ page }) => {
  await expect(page.locator('[data-node-key="/index"] .ant-tabs-tab-remove')).toHaveCount(0);
  await expect(page.locator('[data-node-key="/log"] .ant-tabs-tab-remove')).toHaveCount(1);
  await tab(page, '/reportChart').click();
  await expect(page).toHaveURL('/reportChart');
  await expect(page.locator('.cf-breadcrumbs')).toContainText('Task report');
});

test('closing the current tab moves to its neighbour, then to index', async ({ page }) => {
  await tab(page, '/message/index').click();
  await page.locator('[data-node-key="/message/index"] .ant-tabs-tab-remove').click();
  await expect(page).toHaveURL('/log');
  await page.locator('[data-node-key="/log"] .ant-tabs-tab-remove').click();
  await expect(page).toHaveURL('/reportChart');
  await page.locator('[data-node-key="/reportChart"] .ant-tabs-tab-remove').click();
  await expect(page).toHaveURL('/index');
  await expect.poll(() => tabOrder(page)).toEqual(['/index']);
});

test('close left, right, others and all', async ({ page }) => {
  await tabMenu(page, '/message/index', 'Close tabs on the left');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index', '/log']);
  await expect(page).toHaveURL('/log');

  await tabMenu(page, '/message/index', 'Close tabs on the right');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index']);
  await expect(page).toHaveURL('/message/index');

  await page.locator('.cf-sider').getByRole('link', { name: 'Operation log', exact: true }).click();
  await tabMenu(page, '/log', 'Close other tabs');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/log']);

  await tabMenu(page, '/log', 'Close all tabs');
  await expect.poll(() => tabOrder(page)).toEqual(['/index']);
  await expect(page).toHaveURL('/index');
});

test('a cached page keeps its input and scroll across tab switches; refresh starts it anew', async ({ page }) => {
  const input = page.getByTestId('fixture:/log').getByTestId('fixture-input');
  await input.fill('kept while away');
  const frame = page.locator('.cf-page', { has: page.getByTestId('fixture:/log') });
  await frame.evaluate((el) => el.scrollTo(0, 600));
  await tab(page, '/reportChart').click();
  await expect(page.getByTestId('fixture:/reportChart')).toBeVisible();
  await expect(page.getByTestId('fixture:/log')).toBeHidden();
  await tab(page, '/log').click();
  await expect(input).toHaveValue('kept while away');
  await expect.poll(() => frame.evaluate((el) => el.scrollTop)).toBe(600);

  await tabMenu(page, '/log', 'Refresh');
  await expect(page).toHaveURL('/log');
  await expect(page.getByTestId('fixture:/log').getByTestId('fixture-input')).toHaveValue('');
});

test('tabs come back after a reload and after signing in again', async ({ page }) => {
  await tab(page, '/message/index').click();
  await page.reload();
  await expect(tab(page, '/log')).toBeVisible();
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/reportChart', '/message/index', '/log']);
  await expect(page).toHaveURL('/message/index');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await page.locator('#account').fill('admin');
  await page.locator('#password').fill('Admin12345');
  await page.locator('button[type="submit"]').click();
  await expect(tab(page, '/log')).toBeVisible();
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/reportChart', '/message/index', '/log']);
});

test('tabs reorder by dragging; index stays first', async ({ page }) => {
  const from = await tab(page, '/log').boundingBox();
  const to = await tab(page, '/reportChart').boundingBox();
  if (!from || !to) throw new Error('tabs not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + 5, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/log', '/reportChart', '/message/index']);
});

test('each cached page sees its own tab’s query, even when mounted hidden', async ({ page }) => {
  await page.goto('/log?q=one');
  await expect(page.getByTestId('fixture:/log')).toHaveAttribute('data-search', '?q=one');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cleanfleet:1.20.0:tabs:1'))).toContain('/log?q=one');
  await page.goto('/reportChart?q=two');
  await expect(page.getByTestId('fixture:/reportChart')).toHaveAttribute('data-search', '?q=two');
  await expect(page.getByTestId('fixture:/log')).toHaveAttribute('data-search', '?q=one');
  await expect(page.getByTestId('fixture:/message/index')).toHaveAttribute('data-search', '');
  await tab(page, '/log').click();
  await expect(page).toHaveURL('/log?q=one');
});

test('each user gets their own tabs back', async ({ page }) => {
  await signOut(page);
  await submitLogin(page, 'dealerA', DEMO_PASSWORD);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect.poll(() => tabOrder(page)).toEqual(['/index']);
  await page.locator('.cf-sider').getByRole('link', { name: 'Message centre', exact: true }).click();
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index']);

  await signOut(page);
  await submitLogin(page);
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/reportChart', '/message/index', '/log']);

  await signOut(page);
  await submitLogin(page, 'dealerA', DEMO_PASSWORD);
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index']);
});
