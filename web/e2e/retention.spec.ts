/**
 * Data retention (issue 51 item 5) in Chromium against the real server, on a desk (1440x900) and a phone (390x844),
 * in English and Chinese: a fresh dealer (the admin makes it; the demo branches keep their history) reads how long
 * each kind of its data is kept in words, keeps its alarms less (the console asks first, with the count of records
 * the next purge would remove), and reads the new period; axe finds no critical or serious violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, savedSession, settled, signIn, signedCall, useLanguage } from './helpers';

const runId = Date.now().toString(36);
const VIEWPORTS = [
  { name: 'desk', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test.use({ storageState: savedSession('admin') });

async function newDealer(page: Page, account: string): Promise<void> {
  const made = await signedCall(page, '/api/user/insertUser', {
    account, name: `Retention ${account}`, password: 'Start12345', levelDepth: 2,
  });
  expect(made.message.code, made.message.message).toBe(0);
}

for (const { name, viewport } of VIEWPORTS) {
  test(`a dealer reads its periods in words and keeps its alarms less (${name})`, async ({ page, context, baseURL }) => {
    await page.setViewportSize(viewport);
    await page.goto('/index');
    const account = `keep${runId}${name[0]}`;
    await newDealer(page, account);
    await signIn(page, '/retention', account, 'Start12345');
    const kinds = page.getByTestId('retention-kinds');
    await expect(kinds).toContainText('Alarms and incidents are kept 400 days.');
    await expect(page.getByTestId('retention-kind-logs')).toContainText('Device logs and their files are kept 30 days.');

    await page.getByTestId('retention-change-alarms').click();
    await page.getByTestId('retention-days').fill('60');
    await page.getByTestId('retention-save').click();
    await expect(page.getByTestId('retention-confirm-text')).toHaveText(
      'Data older than 60 days will be removed at the next purge: 0 records.');
    await page.getByTestId('retention-confirm-ok').click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(page.getByTestId('retention-kind-alarms')).toContainText('Alarms and incidents are kept 60 days.');
    await expect(page.getByTestId('retention-kind-alarms')).toContainText('Set for this account: 60 days');
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/retention-${name}-en.png`, fullPage: name === 'phone' });
    expect(await axeProblems(page, '[data-testid="retention-page"]')).toEqual([]);

    await useLanguage(context, 'zh-CN', baseURL);
    await page.reload();
    await expect(page.getByTestId('retention-kind-alarms')).toContainText('告警与事件保留 60 天。');
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/retention-${name}-zh-CN.png`, fullPage: name === 'phone' });
    expect(await axeProblems(page, '[data-testid="retention-page"]')).toEqual([]);
  });
}
