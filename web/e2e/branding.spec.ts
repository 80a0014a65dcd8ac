/**
 * The dealer's own brand (issue 53 item 4) in Chromium against the real server, desk (1440x900) and phone (390x844),
 * in English and Chinese. A fresh dealer (the demo accounts keep the product's look for the other journeys) sets its
 * product name, colours and logo on the Brand page, reading the contrast of each colour as it types and the live
 * preview, and saves; the console takes the brand at once (name, header, title). A customer under it signs in and
 * sees the brand, on a desk and on a phone. The sign-in page on the dealer's own host name shows the brand before
 * anyone signs in: a second Chromium resolves that name to this server (`--host-resolver-rules`), so the browser
 * sends it as the Host header, as a real visitor's would. axe finds no serious or critical violation with the
 * brand set.
 */
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { JOURNEY_ARGS, JOURNEY_BROWSER, JOURNEY_MOTION, PORT } from './ports';
import { ARTIFACTS, axeProblems, savedSession, settled, signIn, signedCall, useLanguage } from './helpers';

const runId = Date.now().toString(36);
const DEALER = `brand${runId}`;
const CUSTOMER = `brandc${runId}`;
const PASSWORD = 'Start12345';
const HOST = `portal-${runId}.harbour.test`;
const NAVY = '#1d3557';
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: 'serial' });

async function asAdmin(browser: Browser, baseURL: string | undefined, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL, storageState: savedSession('admin') });
  const page = await context.newPage();
  await page.goto('/index');
  await work(page);
  await context.close();
}

/** A logo drawn by the page itself (a canvas): a navy wordmark on white, 360 x 120 px, as PNG bytes. */
async function drawnLogo(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 360;
    canvas.height = 120;
    const pen = canvas.getContext('2d') as CanvasRenderingContext2D;
    pen.fillStyle = '#ffffff';
    pen.fillRect(0, 0, 360, 120);
    pen.fillStyle = '#1d3557';
    pen.fillRect(12, 20, 80, 80);
    pen.fillStyle = '#e63946';
    pen.beginPath();
    pen.arc(52, 60, 22, 0, Math.PI * 2);
    pen.fill();
    pen.fillStyle = '#1d3557';
    pen.font = 'bold 44px sans-serif';
    pen.fillText('HARBOUR', 104, 76);
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  return Buffer.from(data, 'base64');
}

async function expectBranded(page: Page) {
  await expect(page.getByTestId('brand-name')).toHaveText('Harbour Clean');
  await expect(page).toHaveTitle(/· Harbour Clean$/);
  await expect(page.locator('.cf-header')).toHaveCSS('background-color', 'rgb(29, 53, 87)');
}

test('a dealer sets its name, colours and logo, sees the preview and the console takes the brand (desk)', async ({ page, context, browser, baseURL }) => {
  await page.setViewportSize(DESK);
  await asAdmin(browser, baseURL, async (admin) => {
    const made = await signedCall(admin, '/api/user/insertUser', { account: DEALER, name: `Harbour ${runId}`, password: PASSWORD, levelDepth: 2 });
    expect(made.message.code, made.message.message).toBe(0);
  });
  await signIn(page, '/user/brand', DEALER, PASSWORD);
  await expect(page.getByTestId('brand-status')).toContainText('no brand of its own');

  await page.getByTestId('brand-productName').fill('Harbour Clean');
  const primary = page.getByTestId('brand-primaryColor');
  await primary.fill('#7fd3c6');
  await expect(page.getByTestId('brand-ratio-primaryColor')).toHaveText('White text on it: only 1.74:1, below 4.5:1: choose a darker colour.');
  await primary.fill(NAVY);
  await expect(page.getByTestId('brand-ratio-primaryColor')).toHaveText('White text on it: 12.35:1, meets WCAG AA.');
  await page.getByTestId('brand-headerColor').fill(NAVY);
  await expect(page.getByTestId('brand-ratio-headerColor')).toHaveText('White text on it: 12.35:1, meets WCAG AA.');
  await page.getByTestId('brand-logo-file').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: await drawnLogo(page) });
  await page.getByTestId('brand-footerText').fill('Harbour Cleaning Co. · 12 Quay Road');
  await page.getByTestId('brand-mailSenderName').fill('Harbour Clean');
  await page.getByTestId('brand-mailReplyTo').fill('help@harbour.com');
  await page.getByTestId('brand-hostNames').locator('input').fill(`${HOST},`);
  await expect(page.getByTestId('brand-hostNames')).toContainText(HOST);
  // the preview follows the form before anything is saved
  const preview = page.getByTestId('brand-preview');
  await expect(page.getByTestId('brand-preview-name')).toHaveText('Harbour Clean');
  await expect(preview.locator('.brand-preview__header')).toHaveCSS('background-color', 'rgb(29, 53, 87)');
  await expect(preview.locator('img').first()).toBeVisible();
  await expect(page.getByTestId('brand-name')).toHaveText('CleanFleet'); // not saved yet

  await page.getByTestId('brand-save').click();
  await expect(page.getByText('Brand saved.')).toBeVisible();
  await expect(page.getByTestId('brand-status')).toHaveText('This account has its own brand.');
  await expectBranded(page);
  await expect(page.getByTestId('brand-logo')).toBeVisible(); // the logo the server scaled, in the side menu
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg'); // no icon chosen: the product's
  await page.getByTestId('brand-status').scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/branding-dealer-desk-en.png` });
  expect(await axeProblems(page)).toEqual([]);

  await useLanguage(context, 'zh-CN', baseURL);
  await page.reload();
  await expect(page.getByTestId('brand-status')).toHaveText('此账号有自己的品牌。');
  await expect(page.getByTestId('brand-name')).toHaveText('Harbour Clean');
  await settled(page);
  await page.screenshot({ path: `${ARTIFACTS}/branding-dealer-desk-zh-CN.png` });
  expect(await axeProblems(page)).toEqual([]);

  const made = await signedCall(page, '/api/user/insertUser', { account: CUSTOMER, name: `Quay clinic ${runId}`, password: PASSWORD, levelDepth: 3 });
  expect(made.message.code, made.message.message).toBe(0);
});

for (const { name, viewport } of [{ name: 'desk', viewport: DESK }, { name: 'phone', viewport: PHONE }]) {
  test(`a customer under the dealer signs in and sees its brand (${name})`, async ({ page, context, baseURL }) => {
    await page.setViewportSize(viewport);
    await signIn(page, '/index', CUSTOMER, PASSWORD);
    await expect(page).toHaveTitle(/· Harbour Clean$/);
    await expect(page.locator('.cf-header')).toHaveCSS('background-color', 'rgb(29, 53, 87)');
    if (name === 'phone') await page.getByTestId('menu-toggle').click(); // the menu (with the brand) is a drawer
    await expect(page.getByTestId('brand-name')).toHaveText('Harbour Clean');
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/branding-customer-${name}-en.png` });
    expect(await axeProblems(page)).toEqual([]);
    await useLanguage(context, 'zh-CN', baseURL);
    await page.goto('/user/brand');
    await expect(page.getByTestId('brand-not-editable')).toHaveText('你的经销商不允许其客户设置自己的品牌。');
    if (name === 'phone') await expect(page.locator('.cf-header')).toHaveCSS('background-color', 'rgb(29, 53, 87)');
    else await expect(page.getByTestId('brand-name')).toHaveText('Harbour Clean');
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/branding-customer-${name}-zh-CN.png`, fullPage: name === 'phone' });
    expect(await axeProblems(page)).toEqual([]);
  });
}

test('the sign-in page on the dealer’s own host shows its brand before anyone signs in', async ({ page, context, baseURL }) => {
  // the console's own host: the product's look
  await useLanguage(context, 'en', baseURL);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to CleanFleet');

  const visitor = await chromium.launch({
    executablePath: JOURNEY_BROWSER,
    args: [...JOURNEY_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
  try {
    for (const { name, viewport, language, title } of [
      { name: 'desk', viewport: DESK, language: 'en', title: 'Sign in to Harbour Clean' },
      { name: 'desk', viewport: DESK, language: 'zh-CN', title: '登录 Harbour Clean' },
      { name: 'phone', viewport: PHONE, language: 'en', title: 'Sign in to Harbour Clean' },
      { name: 'phone', viewport: PHONE, language: 'zh-CN', title: '登录 Harbour Clean' },
    ]) {
      const origin = `http://${HOST}:${PORT}`;
      const visit = await visitor.newContext({ baseURL: origin, viewport, reducedMotion: JOURNEY_MOTION, serviceWorkers: 'block' });
      await visit.addCookies([{ name: 'language', value: language, url: origin }]);
      const login = await visit.newPage();
      await login.goto('/login');
      await expect(login.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(login.getByTestId('brand-logo')).toBeVisible();
      await expect(login.locator('.cf-login')).toHaveCSS('background-color', 'rgb(29, 53, 87)');
      await expect(login.locator('.cf-login__footer')).toHaveText('Harbour Clean 1.20.0');
      // the installed app's manifest, as this browser asks it of this host
      const manifest = await login.evaluate(async () => (await (await fetch('/manifest.webmanifest')).json()) as { name: string; theme_color: string });
      expect([manifest.name, manifest.theme_color]).toEqual(['Harbour Clean', NAVY]);
      await settled(login);
      await login.screenshot({ path: `${ARTIFACTS}/branding-sign-in-${name}-${language}.png` });
      expect(await axeProblems(login)).toEqual([]);
      await visit.close();
    }
  } finally {
    await visitor.close();
  }
});
