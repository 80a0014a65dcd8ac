import { expect, test } from '@playwright/test';
import { ARTIFACTS, expectSignedIn, openUserMenu, settled, signIn, submitLogin, tab, useLanguage } from './helpers';

const LANGUAGE_NAMES: Record<string, string> = { Français: 'fr', Deutsch: 'de', 简体中文: 'zh-CN', العربية: 'ar' };

/**
 * Pick a language in the header's switch until the page says it (a click on the menu of the switch before,
 * still fading out, can miss: the menu is one element reused).
 */
async function chooseLanguage(page: import('@playwright/test').Page, name: string) {
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name });
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByTestId('language-switch').click();
    await item.click({ timeout: 5_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_NAMES[name] ?? '', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test('the language switch is kept across a reload in the language cookie', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await signIn(page);
  await chooseLanguage(page, 'Français');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('.cf-sider')).toContainText('Supervision');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('alarm-popups')).toContainText('Alertes en fenêtre');
  await expect(page).toHaveTitle('Supervision · CleanFleet');
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('fr');
});

test('the login page switches language too, and antd follows', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await page.goto('/login');
  await chooseLanguage(page, 'Deutsch');
  await expect(page.getByRole('heading', { name: 'Bei CleanFleet anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('Arabic lays the console out right to left', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'ar', baseURL);
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await submitLogin(page);
  await expectSignedIn(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sider = await page.locator('.cf-sider').boundingBox();
  const viewport = page.viewportSize();
  expect(sider && viewport && sider.x + sider.width).toBeCloseTo(viewport?.width ?? 0, 0);
  await expect(page.locator('.ant-layout.ant-layout-rtl').first()).toBeVisible();
});

for (const language of ['zh-CN', 'en', 'ar']) {
  test(`screenshots of the login page and the layout in ${language}`, async ({ page, context, baseURL }) => {
    await useLanguage(context, language, baseURL);
    await page.goto('/login');
    await expect(page.locator('#account')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/login-${language}.png` });
    await submitLogin(page);
    await expectSignedIn(page);
    await page.goto('/file/host');
    await expect(page.getByTestId('fixture:/file/host')).toBeVisible();
    await page.goto('/index');
    await expect(page.locator('.cf-monitor')).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/layout-${language}.png` });
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem').last()).toBeVisible();
    await settled(page); // let the drop-down finish its animation
    await page.screenshot({ path: `${ARTIFACTS}/user-menu-${language}.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-toggle').click();
    await page.locator('body').press('s');
    await expect(page.getByTestId('search-input')).toBeFocused();
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/search-collapsed-${language}.png` });
  });
}

/** A key i18next could not find shows as itself ("device.filters.text"). */
const RAW_KEY = /\b(device|fleet|monitor|remote|screen|user)\.[a-z]\w*\.[a-z]\w*\b/;

test('feature pages load their texts with them and follow a language switch', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await signIn(page, '/device/index');
  await expect(page.getByLabel('Name or serial number')).toBeVisible();
  // a second feature's page (fleet), opened in the app and then kept as a hidden tab
  await page.locator('body').press('s');
  await page.getByTestId('search-input').fill('Leases');
  await page.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(/\/device\/hire$/);
  await expect(page.locator('.ant-table').first()).toBeVisible();
  await tab(page, '/device/index').click();
  await expect(page.getByLabel('Name or serial number')).toBeVisible();

  await chooseLanguage(page, '简体中文');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByLabel('设备名称或序列号')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/device-list-after-switch-zh-CN.png` });

  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByLabel('الاسم أو الرقم التسلسلي')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/device-list-after-switch-ar.png` });
  await tab(page, '/device/hire').click(); // the hidden fleet page switched with the rest
  await expect(page.locator('.ant-table').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await page.screenshot({ path: `${ARTIFACTS}/hire-after-switch-ar.png` });

  // the user menu's dialogs bring the user feature's texts
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem').first().click();
  await expect(page.locator('.ant-modal')).toBeVisible();
  await expect(page.locator('.ant-modal')).not.toContainText(RAW_KEY);
});

test('German menu items wrap only between words or at a hyphen, and the page search ignores soft hyphens', async ({ page, context, baseURL }) => {
  // Headless Chromium has no German hyphenation dictionary: long compounds broke anywhere ("Benutzerverwaltu|ng").
  await useLanguage(context, 'de', baseURL);
  await signIn(page);
  const sider = page.locator('.cf-sider');
  const groups = sider.locator('.ant-menu-submenu');
  const midWord: string[] = [];
  // open each group in turn (the menu may keep one open at a time) and read where its lines break
  for (let g = 0; g < (await groups.count()); g += 1) {
    const group = groups.nth(g);
    if (!((await group.getAttribute('class')) ?? '').includes('ant-menu-submenu-open')) await group.locator('.ant-menu-submenu-title').click();
    await settled(page);
    midWord.push(
      ...(await sider.locator('.ant-menu-title-content').evaluateAll((items) =>
        items.flatMap((item) => {
          const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
          const bad: string[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            let lastTop: number | null = null;
            for (let i = 0; i < text.length; i += 1) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              // a character just after a break may also report an empty box at the end of the line before
              const rect = Array.from(range.getClientRects()).filter((box) => box.width > 0).at(-1);
              if (!rect) continue;
              if (lastTop !== null && rect.top > lastTop + 2 && !/[\s\-\u00AD]/.test(text[i - 1] ?? ' ')) bad.push(`${text.replaceAll('\u00AD', '')} at ${i}`);
              lastTop = rect.top;
            }
          }
          return bad;
        }),
      )),
    );
  }
  expect(midWord).toEqual([]);
  await expect(sider).toContainText(/Benutzer\u00ADverwaltung/); // invisible unless the line breaks there
  // typed across the compound's boundary, the page search still finds it
  await page.locator('body').press('s');
  await page.getByTestId('search-input').fill('rollengrupp');
  await expect(page.locator('#cf-search-results')).toContainText(/Rollen\u00ADgruppen/);
});
