/**
 * Robot health against peers (issue 36 item 3) against the real server and its demo fleet, as the admin. The server's
 * health scan grades every robot a few seconds after the start (health/scan.py); the journey waits for the first
 * grading through the console's own call. The fleet view shows the robots per grade and lists the drifting ones
 * first: the first row carries a reason in words with a link to its evidence, which opens that robot's page of the
 * window (task reports, alarms or the device page). The robot's name opens the device page, whose health panel draws
 * its five indicators against the peers' band. Then zh-CN, axe on the page and the panel, and the page at 390x844
 * (cards, no sideways scroll). Screenshots land in HEALTH_SHOTS (default e2e-artifacts/health).
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, axeFindings, pageLoaded, savedSession, settled, sidewaysOverflow, signedCall, signIn, useLanguage } from './helpers';

test.use({ storageState: savedSession('admin') });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = process.env.HEALTH_SHOTS ?? `${ARTIFACTS}/health`;

/** The scan has graded the fleet (its first round runs a few seconds after the server's start). */
async function graded(page: Page) {
  await expect
    .poll(async () => (await signedCall<{ computedAt: string | null }>(page, '/api/robothealth/list', { pageSize: 1 })).data.computedAt, { timeout: 60_000 })
    .not.toBeNull();
}

async function axeClean(page: Page, what: string, include?: string) {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await settled(page);
  expect(await axeFindings(page, include), `axe on ${what}`).toEqual({});
}

test('the fleet view lists the drifting robots first, with reasons that link to their evidence', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/index');
  await graded(page);
  await page.goto('/device/health');
  await pageLoaded(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Robot health' })).toBeAttached();
  await expect(page.getByTestId('health-window')).toContainText('Last 30 days');
  await expect(page.getByTestId('health-grades-chart')).toBeVisible();
  // the counts as a table too: four grades, and the robots of the list in all
  await page.getByTestId('health-grades').getByText('Table').click();
  await expect(page.getByTestId('health-grades-table').locator('tbody tr')).toHaveCount(4);
  const rows = page.getByTestId('health-table').locator('tbody tr.ant-table-row');
  const first = rows.first();
  await expect(first.locator('[data-grade]')).not.toHaveAttribute('data-grade', 'A'); // drifting first
  const reason = first.locator('.cf-health-reasons li').first();
  await expect(reason).toContainText(/peers’ median|previous 30 days/);
  await axeClean(page, 'Robot health');
  await page.screenshot({ path: `${SHOTS}/en-fleet.png` });
  // only grade A: no reason on any row
  await page.getByTestId('health-grade-filter').getByText('A', { exact: true }).click();
  await expect(rows.first().locator('[data-grade]')).toHaveAttribute('data-grade', 'A');
  await expect(rows.first()).toContainText('In line with its peers.');
  await page.getByTestId('health-grade-filter').getByText('All grades').click();
  await expect(first.locator('[data-grade]')).not.toHaveAttribute('data-grade', 'A');
  // the evidence: that robot's page, for the window
  const link = first.getByTestId('health-evidence').first();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/device\/(report|warn|info)\?deviceId=\d+/);
  const deviceId = /deviceId=(\d+)/.exec(href)?.[1];
  await link.click();
  await expect(page).toHaveURL(new RegExp(`deviceId=${deviceId}`));
  await pageLoaded(page);
  // the alarms or the runs of the window: its first day in the page's date filter, and no refusal of the range
  const start = new URL(href, 'http://console').searchParams.get('startDate');
  if (start) await expect(page.locator('.cf-page:visible .ant-picker input').first()).toHaveValue(start);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
});

test("a robot's health panel draws its indicators against its peers", async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/index');
  await graded(page);
  await page.goto('/device/health');
  await pageLoaded(page);
  const first = page.getByTestId('health-table').locator('tbody tr.ant-table-row').first();
  const grade = await first.locator('[data-grade]').getAttribute('data-grade');
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/device\/info\?deviceId=\d+/);
  const panel = page.getByTestId('health-panel');
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-grade]')).toHaveAttribute('data-grade', grade ?? '');
  await expect(panel.getByTestId('health-indicators').locator('li')).toHaveCount(5);
  await expect(panel.getByTestId('health-indicator-alarms')).toContainText('Alarms per run hour');
  await expect(panel.getByTestId('health-panel-reasons').locator('li').first()).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await axeClean(page, 'the health panel', '[data-testid="health-panel"]');
  await panel.screenshot({ path: `${SHOTS}/en-panel.png` });
});

test('in Chinese, and on a phone at 390 px', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'zh-CN', baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, '/index');
  await graded(page);
  await page.goto('/device/health');
  await pageLoaded(page);
  await expect(page.getByRole('heading', { level: 1, name: '机器人健康' })).toBeAttached();
  await expect(page.getByTestId('health-window')).toContainText('最近 30 天');
  await expect(page.getByTestId('health-table').locator('tbody tr.ant-table-row').first().locator('.cf-health-reasons li').first()).toContainText(/同类中位数|前 30 天/);
  await axeClean(page, 'Robot health in zh-CN');
  await page.screenshot({ path: `${SHOTS}/zh-CN-fleet.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await pageLoaded(page);
  const cards = page.locator('[data-testid^="health-card-"]');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first().getByTestId('health-evidence').first()).toBeVisible();
  // the grade chart follows the new width on its resize observer's next round (drawn at 1440 px just before)
  await expect.poll(() => sidewaysOverflow(page), { timeout: 10_000 }).toEqual([]);
  await axeClean(page, 'Robot health at 390 px');
  await page.screenshot({ path: `${SHOTS}/390-zh-CN-fleet.png`, fullPage: true });
});
