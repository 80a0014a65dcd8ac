import { expect, type BrowserContext, type Page } from '@playwright/test';
import { PORT, SIM_BASE_PORT } from './ports';

export const ADMIN = { account: 'admin', password: 'Admin12345' };
/** Demo accounts the server seeds on its first start (README: "Trying the product"). */
export const DEMO_PASSWORD = 'Demo12345';
export const ARTIFACTS = 'e2e-artifacts';
const USER_KEY = 'cleanfleet:1.20.0:user';

/** Start in a given language, as a returning visitor whose `language` cookie says so. */
export async function useLanguage(context: BrowserContext, language: string, baseURL: string | undefined) {
  await context.addCookies([{ name: 'language', value: language, url: baseURL ?? `http://127.0.0.1:${PORT}` }]);
}

/** Fill and send the login form on the current (login) page. */
export async function submitLogin(page: Page, account = ADMIN.account, password = ADMIN.password) {
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Sign in through the login page and wait for the layout. Without a `language` cookie the journey runs in
 * English: the console would otherwise take the account's saved language, which an earlier journey may
 * have changed.
 */
export async function signIn(page: Page, path = '/index', account = ADMIN.account, password = ADMIN.password) {
  const context = page.context();
  if (!(await context.cookies()).some((cookie) => cookie.name === 'language')) {
    await context.addCookies([{ name: 'language', value: 'en', url: `http://127.0.0.1:${PORT}` }]);
  }
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await submitLogin(page, account, password);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export async function signOut(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
}

/** Take permission keys away from the stored session (what the menu and user menu read). */
export async function dropStoredKeys(page: Page, keys: string[]) {
  await page.evaluate(
    ([storageKey, drop]) => {
      const user = JSON.parse(localStorage.getItem(storageKey as string) ?? '{}');
      for (const key of drop as string[]) delete user.permissionKeys[key];
      localStorage.setItem(storageKey as string, JSON.stringify(user));
    },
    [USER_KEY, keys] as const,
  );
}

export function tab(page: Page, path: string) {
  return page.getByTestId(`tab:${path}`);
}

export async function tabOrder(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid^="tab:"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  return ids.map((id) => (id ?? '').slice('tab:'.length));
}

/**
 * A simulated robot's manual mode on (1) or off (0) through its own web API (robot i listens on
 * SIM_BASE_PORT + i - 1; odd robots speak protocol 3, api1/): on raises its "manual mode" banner
 * (and, during a task, the "task paused: manual mode" alarm), off clears it.
 */
export async function handMode(robot: number, mode: 0 | 1): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${SIM_BASE_PORT + robot - 1}/api1/hand_mode`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(answer.ok).toBe(true);
}
