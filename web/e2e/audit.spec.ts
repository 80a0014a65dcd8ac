/**
 * The audit trail (issue 51 items 1-3) in Chromium against the real server, on a desk (1440x900) and a phone
 * (390x844), in English and Chinese: a dealer is refused a call of the factory's (the refusal is recorded though the
 * call changed nothing), the admin finds that refusal on the Audit trail page by the person's name and the kind,
 * opens its details (the call, the reason, its place in its tenant's chain), and saves the search as JSON Lines and
 * as CSV; axe finds no critical or serious violation. A fresh person: the saved admin session only makes it.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, savedSession, settled, signedCall, useLanguage } from './helpers';

const runId = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test.use({ storageState: savedSession('admin') });

/** A dealer of the admin's: it holds no key to the factory's batches, so that call is refused. */
async function newDealer(page: Page, account: string): Promise<void> {
  const made = await signedCall<{ userId: number }>(page, '/api/user/insertUser', {
    account, name: `Auditor test ${account}`, password: 'Start12345', levelDepth: 2,
  });
  expect(made.message.code, made.message.message).toBe(0);
}

for (const { name, viewport } of VIEWPORTS) {
  test(`the audit trail shows a refused call, its details and exports it (${name})`, async ({ page, context, baseURL }) => {
    await page.setViewportSize(viewport);
    await useLanguage(context, 'en', baseURL);
    await page.goto('/index');
    const account = `aud${runId}${name[0]}`;
    await newDealer(page, account);
    // the person signs in and makes a call it holds no key for, as a script would
    const theirs = await signedCall<{ token: string }>(page, '/api/login', { account, password: 'Start12345', type: 'user' });
    expect(theirs.message.code, theirs.message.message).toBe(0);
    const refused = await signedCall(page, '/api/deviceProductBatch/list', {}, theirs.data.token);
    expect(refused.message.code).toBe(10004); // no key: refused, and recorded

    await page.goto('/audit');
    await expect(page.getByTestId('audit-page')).toBeVisible();
    await page.getByTestId('audit-who').fill(account);
    await page.getByTestId('audit-search').click();
    const rows = page.getByTestId('audit-page').locator('.ant-table-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByTestId('audit-page')).toContainText('Signed in');
    await expect(page.getByTestId('audit-page')).toContainText('Refused call');
    await page.getByTestId('audit-page').locator('.ant-table-row-expand-icon').first().click();
    await expect(page.locator('.cf-audit__detail').first()).toBeVisible();
    await expect(page.getByTestId('audit-page')).toContainText(/Sealed in chain|Being sealed/);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/audit-${name}-en.png`, fullPage: name === 'phone' });
    expect(await axeProblems(page, '[data-testid="audit-page"]')).toEqual([]);

    for (const ext of ['jsonl', 'csv'] as const) {
      const downloading = page.waitForEvent('download');
      await page.getByTestId(`audit-export-${ext}`).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^audit-.*\\.${ext}$`));
      const text = await readFile((await file.path()) ?? '', 'utf8');
      expect(text).toContain(account);
    }

    await useLanguage(context, 'zh-CN', baseURL);
    await page.reload();
    await expect(page.getByTestId('audit-page')).toContainText('审计日志');
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/audit-${name}-zh-CN.png`, fullPage: name === 'phone' });
  });
}
