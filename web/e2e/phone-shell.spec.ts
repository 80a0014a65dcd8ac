/**
 * The console's shell on a phone (issue 32 item 1), touch only, at 390x844 and 412x915: the side menu is a drawer
 * opened from the header (it navigates and closes, Escape closes it), the bell and the user menu stay in view, the
 * shell never scrolls sideways, a desktop-only page says it needs a wider screen, and signing out works by touch;
 * axe finds nothing critical or serious with the drawer open. On a desk, fifteen open tabs leave the tab strip
 * clean for axe (antd's overflow button is hidden; the tab actions list the open pages) and every tab reachable.
 * Screenshots (drawer closed and open, zh-CN and en) land in e2e-artifacts/phone-shell/.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, DEMO_PASSWORD, savedSession, settled, signIn, useLanguage } from './helpers';

const PHONES = [
  { name: '390', width: 390, height: 844 },
  { name: '412', width: 412, height: 915 },
] as const;
const SHOTS = `${ARTIFACTS}/phone-shell`;

/** The element is within the screen's width. Read again until it holds: boundingBox() does not wait, and the header
 * is drawn again once the console's own parts have loaded (null for a moment: CI, a clean-clone run). */
async function inView(page: Page, testId: string) {
  const width = page.viewportSize()?.width ?? 0;
  await expect(async () => {
    const box = await page.getByTestId(testId).boundingBox();
    expect(box, testId).not.toBeNull();
    expect(box!.x, testId).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, testId).toBeLessThanOrEqual(width + 1);
  }).toPass({ timeout: 10_000 });
}

async function noSidewaysScroll(page: Page) {
  const [scroll, width] = await page.evaluate(() => [document.scrollingElement?.scrollWidth ?? 0, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(width);
}

test.describe('on a phone', () => {
  test.use({ storageState: savedSession('admin'), isMobile: true, hasTouch: true });

  for (const phone of PHONES) {
    test(`the menu is a drawer and the header keeps the bell and the user menu (${phone.name} px)`, async ({ page }) => {
      await page.setViewportSize({ width: phone.width, height: phone.height });
      await page.goto('/index');
      await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'false', { timeout: 60_000 });
      await expect(page.locator('.cf-sider')).toHaveCount(0);
      await expect(page.locator('.cf-tabs')).toHaveCount(0);
      for (const id of ['menu-toggle', 'alarm-badge', 'user-menu']) await inView(page, id);
      await noSidewaysScroll(page);

      await page.getByTestId('menu-toggle').tap();
      const drawer = page.locator('.cf-phone-menu');
      await expect(drawer).toBeVisible();
      await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'true');
      await settled(page);
      expect(await axeProblems(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      await page.getByTestId('menu-toggle').tap();
      await drawer.getByRole('link', { name: 'Message centre' }).or(drawer.locator('a[href="/message/index"]')).first().tap();
      await expect(page).toHaveURL(/\/message\/index/);
      await expect(drawer).toBeHidden();
      await noSidewaysScroll(page);
    });
  }

  test('a desktop-only page says it needs a wider screen and leads home', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user/role');
    const notice = page.getByTestId('wider-screen');
    await expect(notice).toBeVisible({ timeout: 60_000 });
    await noSidewaysScroll(page);
    await notice.getByRole('link').tap();
    await expect(page).toHaveURL(/\/index$/);
  });

  for (const language of ['zh-CN', 'en']) {
    test(`screenshots of the shell in ${language}`, async ({ page, context, baseURL }) => {
      await useLanguage(context, language, baseURL);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/device/index');
      await expect(page.getByTestId('device-table')).toBeVisible({ timeout: 60_000 });
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/390-${language}-closed.png` });
      await page.getByTestId('menu-toggle').tap();
      await expect(page.locator('.cf-phone-menu')).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/390-${language}-drawer.png` });
    });
  }
});

test.describe('signing out on a phone', () => {
  test.use({ isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } });

  test('works by touch from the user menu', async ({ page }) => {
    await signIn(page, '/index', 'dealerB', DEMO_PASSWORD);
    await page.getByTestId('user-menu').tap();
    await page.getByRole('menuitem', { name: /sign out|退出/i }).tap();
    const confirm = page.locator('.ant-modal-confirm .ant-btn-primary, .ant-popconfirm .ant-btn-primary');
    if (await confirm.count()) await confirm.first().tap();
    await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  });
});

test.describe('on a desk with many tabs', () => {
  test.use({ storageState: savedSession('admin'), viewport: { width: 1440, height: 900 } });

  const PATHS = ['/index', '/index/realWarn', '/user/index', '/user/userShadow', '/user/role', '/user/index/role_group',
    '/device/index', '/device/group', '/device/deviceSummary', '/device/deviceOnLineSummary', '/device/hardSupportIndex',
    '/device/repair', '/device/hire', '/elevator/index', '/device/maplist', '/message/index'];

  test('the tab strip stays clean for axe and the tab actions reach every open page', async ({ page, context, baseURL }) => {
    await useLanguage(context, 'en', baseURL);
    await page.addInitScript((paths) => {
      const user = JSON.parse(localStorage.getItem('cleanfleet:1.20.0:user') ?? 'null') as { userId?: number } | null;
      const tabs = paths.map((path) => ({ path, fullPath: path }));
      localStorage.setItem(`cleanfleet:1.20.0:tabs:${user?.userId ?? 1}`, JSON.stringify({ tabs, active: '/index' }));
    }, PATHS);
    await page.goto('/index');
    await expect(page.getByTestId('tab:/message/index')).toBeAttached({ timeout: 60_000 });
    await settled(page);
    expect(await axeProblems(page, '.cf-tabs', null)).toEqual([]);
    await page.getByTestId('tab-actions').click();
    await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Message centre', exact: true }).click();
    await expect(page).toHaveURL(/\/message\/index/);
  });
});
