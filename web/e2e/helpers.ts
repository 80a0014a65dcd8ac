import { createCipheriv } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { OUTPUT_DIR, PORT, SIM_BASE_PORT } from './ports';

export const ADMIN = { account: 'admin', password: 'Admin12345' };
/**
 * The password of the demo accounts the server seeds on its first start (README: "Trying the product"): an
 * install generates its own, the run's server takes this one (CLEANFLEET_DEMO_PASSWORD, playwright.config.ts).
 */
export const DEMO_PASSWORD = 'Journey-demo-45';
export const ARTIFACTS = 'e2e-artifacts';
const USER_KEY = 'cleanfleet:1.20.0:user';
const TOKEN_COOKIE = 'token'; // src/lib/credentials.ts

/**
 * The accounts the `sessions` project signs in once per run (sessions.setup.ts), saving each signed-in
 * state for the journeys that start as that account. A journey that signs out, changes the account's
 * password or clears its tokens ends the saved session on the server for every later journey, so it
 * must start signed out (the default) or use another account.
 */
export const SAVED_ACCOUNTS = {
  admin: ADMIN,
  dealerA: { account: 'dealerA', password: DEMO_PASSWORD },
} as const;
export type SavedAccount = keyof typeof SAVED_ACCOUNTS;

/** The saved signed-in state of an account: `test.use({ storageState: savedSession('admin') })`. */
export function savedSession(name: SavedAccount): string {
  return resolve(OUTPUT_DIR, 'sessions', `${name}.json`);
}

/** Start in a given language, as a returning visitor whose `language` cookie says so. */
export async function useLanguage(context: BrowserContext, language: string, baseURL: string | undefined) {
  await context.addCookies([{ name: 'language', value: language, url: baseURL ?? `http://127.0.0.1:${PORT}` }]);
}

/**
 * How long a sign-in may take from the form to the layout: the server's password check is slow on purpose
 * and the layout's first load compiles its scripts, which on a loaded machine takes longer than `expect`'s
 * default 10 s.
 */
export const SIGN_IN_TIMEOUT = 30_000;

/** The layout is up after a sign-in (the user menu shows). */
export async function expectSignedIn(page: Page) {
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: SIGN_IN_TIMEOUT });
}

/** Fill and send the login form on the current (login) page. */
export async function submitLogin(page: Page, account = ADMIN.account, password = ADMIN.password) {
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/**
 * Open `path` signed in as `account`. A context started from that account's saved session
 * (`savedSession`) opens the page at once. A context started from another account's saved session
 * drops its cookies first (in this browser only: signing it out would end it on the server for every
 * journey), so no page is ever opened as the wrong account; then it takes the account's saved session
 * when there is one, else signs in through the login form. A context started signed out always signs
 * in through the form (its journey may sign out). Without a `language` cookie the journey runs
 * in English: the console would otherwise take the account's saved language, which an earlier journey
 * may have changed.
 */
export async function signIn(page: Page, path = '/index', account = ADMIN.account, password = ADMIN.password) {
  const context = page.context();
  const cookies = await context.cookies();
  if (!cookies.some((cookie) => cookie.name === 'language')) {
    await context.addCookies([{ name: 'language', value: 'en', url: `http://127.0.0.1:${PORT}` }]);
  }
  const token = cookies.find((cookie) => cookie.name === 'token')?.value;
  const holder = token ? savedAccounts().find((saved) => saved.state.cookies.some((cookie) => cookie.name === 'token' && cookie.value === token)) : undefined;
  if (holder && holder.account !== account) {
    for (const name of ['token', 'uuid']) await context.clearCookies({ name });
  }
  const menu = page.getByTestId('user-menu');
  await page.goto(path);
  await expect(menu.or(page.locator('form #account'))).toBeVisible();
  if (await menu.isVisible()) return;
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // Only a journey started from a saved session may take another one: the others may sign out.
  const saved = holder ? savedAccounts().find((entry) => entry.account === account) : undefined;
  if (saved) {
    // the saved session of this account, put in place as a context started from it would hold it
    await context.addCookies(saved.state.cookies.filter((cookie) => cookie.name !== 'language'));
    const items = saved.state.origins.flatMap((origin) => origin.localStorage);
    await page.evaluate((entries) => entries.forEach(({ name, value }) => localStorage.setItem(name, value)), items);
    await page.goto(path);
  } else {
    await submitLogin(page, account, password);
  }
  await expectSignedIn(page);
}

interface SavedState {
  cookies: Parameters<BrowserContext['addCookies']>[0];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/** The sessions the setup project saved in this run, with their accounts. */
function savedAccounts(): { account: string; state: SavedState }[] {
  return (Object.keys(SAVED_ACCOUNTS) as SavedAccount[])
    .filter((name) => existsSync(savedSession(name)))
    .map((name) => ({ account: SAVED_ACCOUNTS[name].account, state: JSON.parse(readFileSync(savedSession(name), 'utf8')) as SavedState }));
}

export async function signOut(page: Page) {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
}

export async function openUserMenu(page: Page) {
  const menus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(menus).toHaveCount(0); // a menu chosen from a moment ago fades out first
  // clicked again only while no menu is open (a second click would close it): a click right after the page
  // loaded was lost now and then (tabs.spec.ts saw it on a menu group), and the journey then waited its whole limit
  await expect(async () => {
    if ((await menus.count()) === 0) await page.getByTestId('user-menu').click();
    await expect(menus.last()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return menus.last();
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
 * A signed API call as the console makes it (api-spec 7.1), with the page's session token; answers the
 * envelope. For what a journey checks beyond the screen (a run's recorded path, the operation log's rows).
 */
export async function signedCall<T>(page: Page, path: string, body: Record<string, unknown>, token?: string) {
  const answer = await page.request.post(path, { data: body, headers: await signedHeaders(page, token) });
  return (await answer.json()) as { message: { code: number; message: string }; data: T };
}

/** A signed form upload as the console sends one (a firmware's package with its fields): answers the envelope. */
export async function signedForm<T>(page: Page, path: string, form: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) {
  const answer = await page.request.post(path, { multipart: form, headers: await signedHeaders(page) });
  return (await answer.json()) as { message: { code: number; message: string }; data: T };
}

/** The headers of a signed call, with the page's session token or the one given (another person's). */
async function signedHeaders(page: Page, given?: string) {
  const key = process.env.VITE_SIGN_KEY ?? process.env.CLEANFLEET_SIGN_KEY ?? 'cleanfleet-sign1';
  const iv = process.env.VITE_SIGN_IV ?? process.env.CLEANFLEET_SIGN_IV ?? 'cleanfleet-iv-16';
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key), Buffer.from(iv));
  const sign = Buffer.concat([cipher.update(String(Date.now() + 20_000)), cipher.final()]).toString('base64');
  const token = given ?? (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value ?? '';
  return { sign, platform: 'web', username: 'admin', Authorization: `Bearer ${token}` };
}

/** A call to simulated robot i's own web API (robot i listens on SIM_BASE_PORT + i - 1): its flat answer. */
export async function robotCall<T>(robot: number, path: string, body?: Record<string, unknown>) {
  const answer = await fetch(`http://127.0.0.1:${SIM_BASE_PORT + robot - 1}/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(answer.ok, `${path} on robot ${robot}`).toBe(true);
  return (await answer.json()) as T & { code: number; msg: string };
}

/**
 * A simulated robot's manual mode on (1) or off (0) through its own web API (robot i listens on
 * SIM_BASE_PORT + i - 1; odd robots speak protocol 3, api1/): on raises its "manual mode" banner
 * (and, during a task, the "task paused: manual mode" alarm), off clears it.
 */
export async function handMode(robot: number, mode: 0 | 1): Promise<void> {
  await robotCall(robot, 'api1/hand_mode', { mode });
}

/**
 * Counts the server's "hello" on the page's live socket: it comes once the connection is subscribed, and only
 * from then on does a robot's alarm or a lease change reach the page pushed. Call before the page opens or
 * reloads; `await live.ready()` waits for the next hello (the one after the latest navigation).
 */
export function watchLive(page: Page) {
  let hellos = 0;
  let seen = 0;
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
    if (typeof payload === 'string' && /"type":\s*"hello"/.test(payload)) hellos += 1;
  }));
  return {
    ready: async (timeout = 30_000) => {
      await expect.poll(() => hellos, { timeout, message: 'the live connection said hello' }).toBeGreaterThan(seen);
      seen = hellos;
    },
  };
}

/**
 * Wait until the page stands still for a screenshot: every finite CSS animation or transition (antd's
 * dialogs, drawers, drop-downs) has ended and two frames were drawn since (charts redraw at the next
 * frame; the e2e build draws them without animation). Endless ones (a spinner, a pulsing dot) don't count.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** "Cancel all tasks" on the task list page, confirmed in its question (it asks first, naming the robot). */
export async function cancelAllTasks(page: Page) {
  await page.getByTestId('task-cancel-all').click();
  const question = page.getByRole('tooltip').filter({ hasText: 'Cancel all tasks of' });
  await question.getByRole('button', { name: 'Cancel all tasks' }).click();
  await expect(question).toBeHidden(); // closed before the next question (a schedule's delete) is looked for
}

/** The console opens `path` as a menu click would (React Router follows the history): no reload, no new sign-in. */
export async function openInConsole(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(path);
}

/** The page shown has loaded: its chunk, its first data (no spinner or skeleton left), its animations. */
export async function pageLoaded(page: Page) {
  const shown = page.locator('.cf-page').filter({ visible: true });
  await expect(shown).toHaveCount(1);
  await expect(shown.locator('.cf-loading, .ant-spin-spinning, .ant-skeleton-active').filter({ visible: true })).toHaveCount(0);
  await settled(page);
}

/**
 * The accessibility journeys check each page and dialog in one language, the languages taking turns down the list
 * (the first item in the first, the second in the second, ...): every item once and both writing directions every
 * run, at half the time of checking each in both (the journeys are most of `make test`, issue 52 item 12). What
 * axe checks (names, roles, contrast, focus) comes from markup and colours the two languages share; what differs by
 * language (direction, `lang`, the words' lengths) is still seen on half the pages, a different half per language.
 */
export function languageShare<T>(items: readonly T[], languages: readonly string[], language: string): T[] {
  const turn = languages.indexOf(language);
  return items.filter((_, index) => index % languages.length === turn);
}

/** The WCAG 2.1 A and AA rules axe checks (issue 30), and the impacts that fail a journey. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const COUNTED_IMPACTS = new Set(['critical', 'serious']);

/** rule id -> impact, number of elements and the first element's selector */
export type AxeFindings = Record<string, { impact: string; elements: number; first: string }>;

/** axe-core's script, read once per run. */
let axeScript: string | undefined;

/**
 * axe.run in the page itself, its script put in once per document (a reload or a new page needs it again). Not
 * @axe-core/playwright's builder: it sent and ran axe's 550 KB script twice on every check and ran axe.configure
 * each time, about half of a check's CPU (8 checks of a user list: 4.1 s of the page's CPU and 0.7 s of the
 * browser's and the runner's with it, 2.4 s and 0.05 s so); the console has no frames, which is what it adds.
 */
async function runAxe(page: Page, include: string | undefined, options: RunOptions): Promise<AxeResults> {
  axeScript ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axeScript);
  return page.evaluate(async ({ context, runOptions }) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    return axe.run(context ? { include: [context] } : document, runOptions);
  }, { context: include ?? null, runOptions: options });
}

/**
 * axe on the page as it stands (or only the elements `include` selects): its critical and serious violations,
 * under the WCAG rules (`tags`; null: every rule axe has). With A11Y_PROGRESS set, the first elements of each are
 * printed (selector, axe's reason, markup), to find the cause.
 */
export async function axeFindings(page: Page, include?: string, tags: string[] | null = AXE_TAGS): Promise<AxeFindings> {
  const result = await runAxe(page, include, {
    // only the violations' details: axe skips collecting every passed and inapplicable node (its docs: resultTypes)
    resultTypes: ['violations'],
    ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
  });
  const findings: AxeFindings = {};
  for (const violation of result.violations) {
    if (!violation.impact || !COUNTED_IMPACTS.has(violation.impact)) continue;
    findings[violation.id] = { impact: violation.impact, elements: violation.nodes.length, first: violation.nodes[0]?.target.join(' ') ?? '' };
    if (process.env.A11Y_PROGRESS) {
      for (const node of violation.nodes.slice(0, 8)) console.log(`  ${violation.id}: ${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''} ${node.html.slice(0, 200)}`);
    }
  }
  return findings;
}

/** The critical and serious violations as "rule: first element" lines, for an expectation of none. */
export async function axeProblems(page: Page, include?: string, tags: string[] | null = AXE_TAGS): Promise<string[]> {
  return Object.entries(await axeFindings(page, include, tags)).map(([rule, { elements, first }]) => `${rule}: ${first} (${elements} elements)`);
}

/** The select dropdown that is open (Ant Design keeps closed ones in the page, hidden). */
export const OPEN_DROPDOWN = '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';

/** Clicks the first option with this text in an open select dropdown (`timeout`: a click inside a toPass retry). */
export async function chooseOption(page: Page, text: string | RegExp, timeout?: number) {
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: text }).first().click({ timeout });
}

/** A task dialog needs a robot with a map: the tasks journey's simulated robot. */
export async function chooseTaskRobot(page: Page) {
  await page.getByTestId('task-robot').click();
  await page.keyboard.type('CF3-0005');
  await chooseOption(page, 'CF3-0005');
  await expect(page.getByTestId('new-task')).toBeEnabled();
}

/**
 * What sticks out sideways in the page's content: every visible element past the content's left or right edge
 * that is not inside an element scrolling on its own (a tab strip's hidden tabs); plus the content container's
 * and the document's own overflow.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['no main'];
    const edge = main.getBoundingClientRect();
    const found: string[] = [];
    if (main.scrollWidth > main.clientWidth + 1) found.push(`main scrolls ${main.scrollWidth} > ${main.clientWidth}`);
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) found.push(`document scrolls ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const el of Array.from(main.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (box.right <= edge.right + 1 && box.left >= edge.left - 1) continue;
      // what scrolls on its own: a tab strip (its hidden tabs), a row of choices made to scroll (.cf-scrolls-x)
      if (el.closest('.ant-tabs-nav-wrap, .cf-scrolls-x')) continue;
      const id = el.getAttribute('data-testid') ?? (typeof el.className === 'string' ? el.className.split(' ')[0] : '');
      found.push(`${el.tagName.toLowerCase()}.${id} ${Math.round(box.left)}..${Math.round(box.right)} of ${Math.round(edge.left)}..${Math.round(edge.right)}`);
      if (found.length > 8) break;
    }
    return found;
  });
}
