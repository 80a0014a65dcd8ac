import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectSignedIn, savedSession, signIn, signOut, submitLogin, tab, tabOrder, useLanguage } from './helpers';

// Starts signed in as the admin (saved once per run); other accounts sign in through the form.
test.use({ storageState: savedSession('admin') });

/**
 * Open a page from the side menu and wait for its tab. The address changes at the click, but the tab
 * opens once the page has rendered; a click on the next entry before that replaces the navigation
 * (React Router renders it as a transition), and the page never becomes a tab: the journeys' old race.
 */
/**
 * A menu entry, its group opened first when it is closed (a click on an open group's title would close it). Whether
 * the group is open is read from its title's aria-expanded, not from the entry's visibility: while the group unfolds
 * its entries are not visible yet, and a second click folded it again (CI, a clean-clone run).
 */
async function menuLink(page: Page, name: string, group?: string) {
  const link = page.locator('.cf-sider').getByRole('link', { name, exact: true });
  if (group) {
    const title = page.locator('.cf-sider .ant-menu-submenu-title').filter({ hasText: group });
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    // not forever: a click on the group lost right after the page loaded (1 run in about 100, the group still
    // closed at the end) spent openFromMenu's whole time here once, and it never clicked again; not briefly either:
    // at a load of 12 a click that took over 3 s to apply was clicked again, folding the group back (a clean clone,
    // session 46)
    await expect(title).toHaveAttribute('aria-expanded', 'true', { timeout: 10_000 });
  }
  return link;
}

async function openFromMenu(page: Page, name: string, path: string, group?: string) {
  // clicked again when the address did not change: a click while the group was still unfolding was lost (CI, once).
  // Each click has its own limit: without one, a link that never became clickable (its group folded again between
  // the check and the click, at a load of 10) held the first try for all of toPass's time, and nothing was tried again.
  await expect(async () => {
    await (await menuLink(page, name, group)).click({ timeout: 5_000 });
    await expect(page).toHaveURL(path, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(tab(page, path)).toBeVisible();
}

/**
 * A tab's right-click menu. The previous menu fades out for a moment after its choice: until it has
 * gone, "the open menu" would match two menus (or the old one, whose items act on the old tab).
 */
async function tabMenu(page: Page, path: string, action: string) {
  const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(openMenus).toHaveCount(0);
  await tab(page, path).click({ button: 'right' });
  await openMenus.getByRole('menuitem', { name: action }).click();
}

/** Where an element is once it has stopped moving (two reads a frame apart agree). */
async function settledBox(locator: Locator) {
  let last = '';
  await expect
    .poll(async () => {
      const box = await locator.evaluate((el) => new Promise<string>((done) => requestAnimationFrame(() => done(JSON.stringify(el.getBoundingClientRect())))));
      const still = box === last;
      last = box;
      return still;
    })
    .toBe(true);
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await signIn(page); // a fresh browser context (from the saved session or a new sign-in): only the index tab is open
  await openFromMenu(page, 'Knowledge base', '/file/knowledge', 'File management');
  await openFromMenu(page, 'Message centre', '/message/index');
  await openFromMenu(page, 'Hosts', '/file/host', 'File management');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/file/knowledge', '/message/index', '/file/host']);
});

test('every page opens as a tab and the index tab cannot close', async ({ page }) => {
  await expect(page.locator('[data-node-key="/index"] .ant-tabs-tab-remove')).toHaveCount(0);
  await expect(page.locator('[data-node-key="/file/host"] .ant-tabs-tab-remove')).toHaveCount(1);
  await tab(page, '/file/knowledge').click();
  await expect(page).toHaveURL('/file/knowledge');
  await expect(page.locator('.cf-breadcrumbs')).toContainText('Knowledge base');
});

test('closing the current tab moves to its neighbour, then to index', async ({ page }) => {
  await tab(page, '/message/index').click();
  await page.locator('[data-node-key="/message/index"] .ant-tabs-tab-remove').click();
  await expect(page).toHaveURL('/file/host');
  await page.locator('[data-node-key="/file/host"] .ant-tabs-tab-remove').click();
  await expect(page).toHaveURL('/file/knowledge');
  await page.locator('[data-node-key="/file/knowledge"] .ant-tabs-tab-remove').click();
  await expect(page).toHaveURL('/index');
  await expect.poll(() => tabOrder(page)).toEqual(['/index']);
});

test('close left, right, others and all', async ({ page }) => {
  await tabMenu(page, '/message/index', 'Close tabs on the left');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index', '/file/host']);
  await expect(page).toHaveURL('/file/host');

  await tabMenu(page, '/message/index', 'Close tabs on the right');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index']);
  await expect(page).toHaveURL('/message/index');

  await openFromMenu(page, 'Hosts', '/file/host', 'File management');
  await tabMenu(page, '/file/host', 'Close other tabs');
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/file/host']);

  await tabMenu(page, '/file/host', 'Close all tabs');
  await expect.poll(() => tabOrder(page)).toEqual(['/index']);
  await expect(page).toHaveURL('/index');
});

test('a cached page keeps its input and scroll across tab switches; refresh starts it anew', async ({ page }) => {
  const input = page.getByTestId('fixture:/file/host').getByTestId('fixture-input');
  await input.fill('kept while away');
  const frame = page.locator('.cf-page', { has: page.getByTestId('fixture:/file/host') });
  await frame.evaluate((el) => el.scrollTo(0, 600));
  await tab(page, '/file/knowledge').click();
  await expect(page.getByTestId('fixture:/file/knowledge')).toBeVisible();
  await expect(page.getByTestId('fixture:/file/host')).toBeHidden();
  await tab(page, '/file/host').click();
  await expect(input).toHaveValue('kept while away');
  await expect.poll(() => frame.evaluate((el) => el.scrollTop)).toBe(600);

  await tabMenu(page, '/file/host', 'Refresh');
  await expect(page).toHaveURL('/file/host');
  await expect(page.getByTestId('fixture:/file/host').getByTestId('fixture-input')).toHaveValue('');
});

test('tabs reorder by dragging; index stays first', async ({ page }) => {
  // Tabs slide into place as they open: measure once they stand still.
  const from = await settledBox(tab(page, '/file/host'));
  const to = await settledBox(tab(page, '/file/knowledge'));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + 5, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => tabOrder(page)).toEqual(['/index', '/file/host', '/file/knowledge', '/message/index']);
});

test('each cached page sees its own tab’s query, even when mounted hidden', async ({ page }) => {
  await page.goto('/file/host?q=one');
  await expect(page.getByTestId('fixture:/file/host')).toHaveAttribute('data-search', '?q=one');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cleanfleet:1.20.0:tabs:1'))).toContain('/file/host?q=one');
  await page.goto('/file/knowledge?q=two');
  await expect(page.getByTestId('fixture:/file/knowledge')).toHaveAttribute('data-search', '?q=two');
  await expect(page.getByTestId('fixture:/file/host')).toHaveAttribute('data-search', '?q=one');
  await expect(tab(page, '/message/index')).toBeVisible(); // the message centre, a real page since issue 15
  await tab(page, '/file/host').click();
  await expect(page).toHaveURL('/file/host?q=one');
});

test.describe('signing out and in again', () => {
  // These journeys sign out, which would end the saved session for every later journey.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('tabs come back after a reload and after signing in again', async ({ page }) => {
    await tab(page, '/message/index').click();
    // The switch is kept once the console has shown it: reloading before would reload the old page.
    await expect(page).toHaveURL('/message/index');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cleanfleet:1.20.0:tabs:1'))).toContain('"active":"/message/index"');
    await page.reload();
    await expect(tab(page, '/file/host')).toBeVisible();
    await expect.poll(() => tabOrder(page)).toEqual(['/index', '/file/knowledge', '/message/index', '/file/host']);
    await expect(page).toHaveURL('/message/index');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await page.locator('#account').fill('admin');
    await page.locator('#password').fill('Admin12345');
    await page.locator('button[type="submit"]').click();
    await expect(tab(page, '/file/host')).toBeVisible();
    await expect.poll(() => tabOrder(page)).toEqual(['/index', '/file/knowledge', '/message/index', '/file/host']);
  });

  test('each user gets their own tabs back', async ({ page }) => {
    await signOut(page);
    await submitLogin(page, 'dealerA', DEMO_PASSWORD);
    await expectSignedIn(page);
    await expect.poll(() => tabOrder(page)).toEqual(['/index']);
    await page.locator('.cf-sider').getByRole('link', { name: 'Message centre', exact: true }).click();
    await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index']);

    await signOut(page);
    await submitLogin(page);
    await expectSignedIn(page);
    await expect.poll(() => tabOrder(page)).toEqual(['/index', '/file/knowledge', '/message/index', '/file/host']);

    await signOut(page);
    await submitLogin(page, 'dealerA', DEMO_PASSWORD);
    await expectSignedIn(page);
    await expect.poll(() => tabOrder(page)).toEqual(['/index', '/message/index']);
  });
});
