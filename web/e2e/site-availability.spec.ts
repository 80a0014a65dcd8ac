/**
 * Availability per site (issue 53 items 1-3) against the real server, as the demo dealer (dealerA): the Sites page's
 * "Availability" tab lists its customers' sites for the month, worst first; a site's availability opens from there
 * (figures, charts, missed runs); the dealer sets its targets (availability at least 0 %: met whenever anything was
 * scheduled; runs done at least 100 %: not met, the demo misses a few windows) and sees them met or not, on the site
 * and in the table. On a desk (1440x900) and a phone (390x844, no sideways scroll), in English and in Chinese, axe on
 * the page and the dialog. The targets are taken away again at the end. Screenshots land in AVAILABILITY_SHOTS
 * (default e2e-artifacts/site-availability).
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, axeFindings, pageLoaded, savedSession, settled, sidewaysOverflow, signedCall, useLanguage } from './helpers';
import { JOURNEY_MOTION } from './ports';

test.use({ storageState: savedSession('dealerA') });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SITE = 'City Hospital';
const SHOTS = process.env.AVAILABILITY_SHOTS ?? `${ARTIFACTS}/site-availability`;
const TEXTS = {
  en: { tab: 'Availability', notMet: '1 target not met', met: 'Met', notMetTag: 'Not met', save: /^Save$/ },
  'zh-CN': { tab: '可用性', notMet: '1 个目标未达成', met: '达成', notMetTag: '未达成', save: /^保\s?存$/ }, // antd spaces a two-character label
} as const;
type Language = keyof typeof TEXTS;

async function siteId(page: Page): Promise<number> {
  const sites = await signedCall<{ siteId: number; siteName: string }[]>(page, '/api/site/options', {});
  const found = sites.data.find((s) => s.siteName === SITE);
  if (!found) throw new Error(`no demo site ${SITE}`);
  return found.siteId;
}

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, storageState: savedSession('dealerA') });
  const page = await context.newPage();
  await page.goto('/site/index');
  await signedCall(page, '/api/site/availability/targets/set', { siteId: await siteId(page) });
  await context.close();
});

/** The Sites page's availability table, its rows loaded. */
async function openTable(page: Page, id: number, language: Language, phone: boolean) {
  await page.goto('/site/index?view=availability');
  if (phone) await page.getByRole('button', { name: TEXTS[language].tab, exact: true }).click();
  await expect(page.getByTestId('availability-table')).toBeVisible();
  await expect(page.getByTestId(`availability-open-${id}`)).toHaveText(SITE, { timeout: 30_000 });
  await pageLoaded(page);
}

/** The site's drawer on its availability (a phone's drawer lists its sections: the availability one is opened). */
async function openSite(page: Page, id: number, language: Language, phone: boolean) {
  await page.getByTestId(`availability-open-${id}`).click();
  const drawer = page.getByTestId('site-detail');
  if (phone) await drawer.getByRole('button', { name: TEXTS[language].tab, exact: true }).click();
  await expect(drawer.getByTestId('availability-availability')).toBeVisible({ timeout: 30_000 });
  await expect(drawer.getByTestId('availability-robots')).toBeVisible();
  await settled(page);
  return drawer;
}

for (const [language, phone] of [['en', false], ['zh-CN', false], ['en', true], ['zh-CN', true]] as const) {
  const where = `${phone ? '390x844' : '1440x900'} ${language}`;
  test(`the dealer sets a site's targets and sees them met or not, on the site and in the table (${where})`, async ({ page, context, baseURL }) => {
    await useLanguage(context, language, baseURL);
    await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1440, height: 900 });
    await page.goto('/site/index');
    const id = await siteId(page);
    await signedCall(page, '/api/site/availability/targets/set', { siteId: id });
    const texts = TEXTS[language];

    await openTable(page, id, language, phone);
    if (phone) expect(await sidewaysOverflow(page)).toEqual([]);
    const drawer = await openSite(page, id, language, phone);
    await expect(drawer.getByTestId('availability-availability')).toContainText('%');

    await drawer.getByTestId('set-targets').click();
    const form = page.getByTestId('targets-form');
    await expect(form).toBeVisible();
    expect(await axeFindings(page), `axe on the targets dialog (${where})`).toEqual({});
    await form.getByTestId('target-availability').fill('0');
    await form.getByTestId('target-runs').fill('100');
    await page.locator('.ant-modal-footer').getByRole('button', { name: texts.save }).click();
    await expect(form).toBeHidden();
    await expect(drawer.getByTestId('target-availability-met')).toHaveText(texts.met);
    await expect(drawer.getByTestId('target-runsDone-met')).toHaveText(texts.notMetTag);
    await expect(drawer.getByTestId('met-runs')).toHaveText(texts.notMetTag);
    await settled(page);
    expect(await axeFindings(page), `axe on the site's availability (${where})`).toEqual({});
    await page.screenshot({ path: `${SHOTS}/site-${phone ? 'phone' : 'desk'}-${language}.png`, fullPage: !phone });

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId(`availability-notmet-${id}`)).toHaveText(texts.notMet);
    const first = page.getByTestId('availability-table').locator('[data-testid^="availability-open-"]').first();
    await expect(first).toHaveText(SITE); // the only site with a target not met comes first
    await settled(page);
    expect(await axeFindings(page), `axe on the availability table (${where})`).toEqual({});
    if (phone) expect(await sidewaysOverflow(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/table-${phone ? 'phone' : 'desk'}-${language}.png`, fullPage: !phone });
  });
}
