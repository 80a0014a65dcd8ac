/**
 * The end of a customer (issue 51 item 8) in Chromium against the real server, on a desk (1440x900, English) and a
 * phone (390x844, Chinese): a fresh dealer creates a customer with a sub-user, then ends it from the users list: the
 * preview naming what goes, the typed confirmation, the background job's progress, the receipt and its PDF and JSON
 * downloads; the customer is gone from the list and cannot sign in. Fresh accounts only (no demo customer).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, savedSession, settled, signIn, signedCall, submitLogin, useLanguage } from './helpers';
import { JOURNEY_MOTION } from './ports';

const PASSWORD = 'Start12345';
const runId = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 }, isMobile: false, locale: 'en-US', language: 'en', people: '2 people', receipt: 'Receipt' },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, locale: 'zh-CN', language: 'zh-CN', people: '2 个人员', receipt: '回执' },
] as const;

async function freshDealer(browser: Browser, baseURL: string | undefined, account: string) {
  const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL, storageState: savedSession('admin') });
  const page = await context.newPage();
  await page.goto('/index');
  const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
    account, name: `End dealer ${account}`, password: PASSWORD, levelDepth: 2, email: `${account}@example.com`,
    emailToTask: 0, emailToTaskReport: 0, emailToWarn: 0,
  });
  expect(made.message.code, made.message.message).toBe(0);
  await context.close();
}

/** A user made by the signed-in dealer (under `parentId`, else under the dealer); answers its id. */
async function newUser(page: Page, account: string, name: string, levelDepth: number, parentId?: number) {
  const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
    account, name, password: PASSWORD, levelDepth, email: `${account}@example.com`, emailToTask: 0, emailToTaskReport: 0, emailToWarn: 0,
    ...(parentId === undefined ? {} : { parentId }),
  });
  expect(made.message.code, made.message.message).toBe(0);
  return made.data.userId;
}

/** Whether the dialog lies within the window's width and nothing in it scrolls sideways (a phone's 390 px). */
const fitsTheScreen = (box: Locator) =>
  box.evaluate((element) => {
    const { left, right } = element.getBoundingClientRect();
    const wide = Array.from(element.querySelectorAll<HTMLElement>('*')).filter((inner) => inner.scrollWidth > inner.clientWidth + 1 && getComputedStyle(inner).overflowX !== 'visible');
    return left >= 0 && right <= window.innerWidth && wide.length === 0;
  });

const dialog = (page: Page) => page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').last();

for (const { name, viewport, isMobile, locale, language, people, receipt } of VIEWPORTS) {
  test(`a dealer ends a customer it made: preview, confirmation, progress, receipt (${name})`, async ({ browser, baseURL }) => {
    test.slow(); // sign-ins (argon2) and a background job on a machine shared with other runs
    const dealer = `enddealer${name}${runId}`;
    await freshDealer(browser, baseURL, dealer);
    const context = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL, locale, viewport, isMobile, hasTouch: isMobile, acceptDownloads: true });
    if (language !== 'en') await useLanguage(context, language, baseURL);
    const page = await context.newPage();
    await signIn(page, '/index', dealer, PASSWORD);

    const customer = `endcust${name}${runId}`;
    const customerName = `Customer ${name} ${runId}`;
    const customerId = await newUser(page, customer, customerName, 3);
    await newUser(page, `endsub${name}${runId}`, `Sub ${name}`, 4, customerId);

    await page.goto('/user/index');
    await expect(page.getByTestId(`user-row:${customer}`)).toBeVisible();
    await page.getByTestId(`user-more:${customer}`).click();
    await page.locator('[data-testid="user-action:endCustomer"]').click();

    // the preview names what goes; the button waits for the customer's name, exactly
    const box = dialog(page);
    await expect(box.getByTestId('end-preview')).toContainText(people);
    const confirm = box.getByTestId('end-confirm');
    await expect(confirm).toBeDisabled();
    await box.getByTestId('end-typed').fill(customer); // the login name is not the name
    await expect(confirm).toBeDisabled();
    await box.getByTestId('end-typed').fill(customerName);
    await expect(confirm).toBeEnabled();
    await settled(page);
    expect(await axeProblems(page, '.ant-modal')).toEqual([]);
    expect(await fitsTheScreen(box)).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}/customer-end-confirm-${name}.png`, fullPage: true });

    // Enter in the name field ends the customer (keyboard); the progress, then the receipt
    await box.getByTestId('end-typed').press('Enter');
    await expect(box.getByTestId('end-progress')).toBeVisible();
    const shown = box.getByTestId('end-receipt');
    await expect(shown).toBeVisible({ timeout: 60_000 });
    await expect(box.getByTestId('end-progress')).toHaveAttribute('data-state', 'done');
    await expect(shown.getByRole('heading', { name: receipt })).toBeVisible();
    await expect(shown).toContainText(`${customerName} (${customer})`);
    await expect(shown).toContainText(dealer);
    await expect(box.getByTestId('end-receipt-removed')).toContainText(people);
    expect(await fitsTheScreen(box)).toBe(true);
    await settled(page);
    expect(await axeProblems(page, '.ant-modal')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}/customer-end-receipt-${name}.png`, fullPage: true });

    // the receipt as JSON
    const [download] = await Promise.all([page.waitForEvent('download'), box.getByTestId('end-receipt-download').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^customer-end-${customer}-\\d+\\.json$`));
    const saved = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ customerId, customerAccount: customer, customerName, requestedByAccount: dealer, robots: 'handover' });
    expect((saved.removed as { people: number }).people).toBe(2);

    // the receipt as a PDF, drawn by the server in the console's language (its text is read back in the backend's
    // tests: tests/customerend/test_receipt_pdf.py)
    const [pdf] = await Promise.all([page.waitForEvent('download'), box.getByTestId('end-receipt-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(new RegExp(`^customer-end-${customer}-\\d+\\.pdf$`));
    const bytes = await readFile((await pdf.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // closed: the customer is gone from the list, and from the server
    await box.getByTestId('end-close').click();
    await expect(page.getByTestId(`user-row:${customer}`)).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.ant-table-tbody')).toBeVisible();
    await expect(page.getByTestId(`user-row:${customer}`)).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/customer-end-list-${name}.png`, fullPage: true });

    const gone = await browser.newContext({ reducedMotion: JOURNEY_MOTION, baseURL });
    const goneCustomer = await gone.newPage();
    await goneCustomer.goto('/login');
    await submitLogin(goneCustomer, customer, PASSWORD).catch(() => undefined);
    await expect(goneCustomer).toHaveURL(/\/login/);
    await gone.close();
    await context.close();
  });
}
