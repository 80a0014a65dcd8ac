/**
 * A person's data (issue 51 items 6-7) in Chromium against the real server, on a desk (1440x900, English) and a phone
 * (390x844, Chinese): a fresh dealer downloads their own data from the user menu (the zip's entries checked), then
 * erases a person of its branch from the users list: the check, the typed confirmation, the progress, the person no
 * longer able to sign in, and the audit trail showing the pseudonym. Fresh accounts only.
 */
import { expect, test, type Browser } from '@playwright/test';
import { ARTIFACTS, axeProblems, openUserMenu, savedSession, settled, signIn, signedCall, submitLogin, useLanguage } from './helpers';
import { JOURNEY_MOTION } from './ports';

const PASSWORD = 'Start12345';
const runId = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 }, isMobile: false, locale: 'en-US', language: 'en' },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, locale: 'zh-CN', language: 'zh-CN' },
] as const;
const PARTS = ['account.json', 'sign_ins.json', 'sessions.json', 'tokens.json', 'factors.json', 'audit.json', 'messages.json',
  'settings.json', 'operation_log.json', 'files.json', 'README.txt'];

async function freshDealer(browser: Browser, baseURL: string | undefined, account: string) {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL, storageState: savedSession('admin') });
  const page = await context.newPage();
  await page.goto('/index');
  const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
    account, name: `Privacy ${account}`, password: PASSWORD, levelDepth: 2, email: `${account}@example.com`,
  });
  expect(made.message.code, made.message.message).toBe(0);
  await context.close();
}

/** The file names a zip lists (its central directory holds them as plain text). */
function zipNames(body: Buffer): string[] {
  const names: string[] = [];
  for (let at = body.indexOf('PK\x01\x02'); at >= 0; at = body.indexOf('PK\x01\x02', at + 4)) {
    const length = body.readUInt16LE(at + 28);
    names.push(body.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return names;
}

for (const { name, viewport, isMobile, locale, language } of VIEWPORTS) {
  test(`a person downloads their data and a parent erases a person (${name})`, async ({ browser, baseURL }) => {
    test.slow(); // sign-ins (argon2) and two background jobs on a machine shared with other runs
    const dealer = `priv${name}${runId}`;
    await freshDealer(browser, baseURL, dealer);
    const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL, locale, viewport, isMobile, hasTouch: isMobile });
    if (language !== 'en') await useLanguage(context, language, baseURL);
    const page = await context.newPage();
    await signIn(page, '/index', dealer, PASSWORD);

    // 1. my own data, from the user menu
    const menu = await openUserMenu(page);
    await menu.getByTestId('menu-privacy').click();
    await expect(page).toHaveURL(/\/user\/privacy$/);
    await page.getByTestId('export-data').click();
    const download = page.getByTestId('download-export');
    await expect(download).toBeVisible({ timeout: 60_000 });
    const zip = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(zip.status()).toBe(200);
    const names = zipNames(await zip.body());
    for (const part of PARTS) expect(names).toContain(part);
    await settled(page);
    expect(await axeProblems(page, '[data-testid="privacy-page"]')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/privacy-my-data-${name}.png`, fullPage: true });

    // 2. a customer of the dealer with one person: the customer's only other administrator is refused first
    const customer = `cust${name}${runId}`;
    const person = `leaver${name}${runId}`;
    const madeCustomer = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
      account: customer, name: `Customer ${customer}`, password: PASSWORD, levelDepth: 3, email: `${customer}@example.com`,
    });
    expect(madeCustomer.message.code, madeCustomer.message.message).toBe(0);
    await page.goto('/user/index');
    await page.getByTestId(`user-more:${customer}`).click();
    await page.locator('[data-testid="user-action:privacy"]').click();
    await expect(page).toHaveURL(/\/user\/privacy\?userId=/);
    await expect(page.getByTestId('erase-refused')).toContainText(customer);
    await expect(page.getByTestId('erase-person')).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/privacy-erase-refused-${name}.png`, fullPage: true });

    // the person (level 4, under the customer) signs in once, then is erased by the dealer
    const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
      account: person, name: `Leaver ${person}`, password: PASSWORD, levelDepth: 4, parentId: madeCustomer.data.userId,
      email: `${person}@example.com`,
    });
    expect(made.message.code, made.message.message).toBe(0);
    const personContext = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL });
    const personPage = await personContext.newPage();
    await signIn(personPage, '/index', person, PASSWORD);
    await page.goto(`/user/privacy?userId=${made.data.userId}`);
    await page.getByTestId('erase-person').click();
    const confirm = page.getByTestId('confirm-erase');
    await expect(confirm).toBeDisabled();
    await page.getByTestId('erase-typed').fill(person);
    await expect(confirm).toBeEnabled();
    await settled(page);
    expect(await axeProblems(page, '.ant-modal')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/privacy-erase-confirm-${name}.png`, fullPage: true });
    await confirm.click();
    const pseudonym = page.getByTestId('erased-pseudonym');
    await expect(pseudonym).toBeVisible({ timeout: 60_000 });
    const erasedAs = ((await pseudonym.textContent()) ?? '').match(/erased-[0-9a-f]+/)?.[0] ?? '';
    expect(erasedAs).toMatch(/^erased-[0-9a-f]{12}$/);
    await expect(page.getByTestId('erase-person')).toHaveCount(0); // erased: nothing more to export or erase
    await expect(page.getByTestId('export-data')).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/privacy-erased-${name}.png`, fullPage: true });

    // the person is signed out and cannot sign in again
    await personPage.reload();
    await expect(personPage).toHaveURL(/\/login/);
    await submitLogin(personPage, person, PASSWORD).catch(() => undefined);
    await expect(personPage).toHaveURL(/\/login/);
    await personContext.close();

    // the audit trail shows the pseudonym where the person's name was
    await page.goto('/audit');
    await page.getByTestId('audit-who').fill(erasedAs);
    await page.getByTestId('audit-search').click();
    await expect(page.getByText(erasedAs).first()).toBeVisible();
    await expect(page.getByText(person, { exact: true })).toHaveCount(0);
    await context.close();
  });
}
