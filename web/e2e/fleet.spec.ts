/**
 * The fleet screens against the real server: production batches (a refused rack range, then a
 * good one), a repair record through its states, a lease started and ended, a transfer node with
 * a generated FRP port, the summary charts drawn, the maintenance password seen and its access
 * recorded; then screenshots of every fleet screen in zh-CN, en and ar.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, chooseOption, savedSession, settled, signIn, useLanguage } from './helpers';

// Starts signed in as the admin (saved once per run); other accounts sign in through the form.
test.use({ storageState: savedSession('admin') });

const run = Date.now().toString(36).slice(-5);

/** The open dialog (antd keeps closed ones in the DOM, hidden). */
function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

/** The confirm button of the open Popconfirm. */
function popconfirmOk(page: Page) {
  return page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
}

/** The field error shown now (not the one fading out). */
function fieldError(scope: ReturnType<typeof dialog> | ReturnType<Page['getByTestId']>) {
  return scope.locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
}

/** `timeout`: inside a retry (toPass), so that a drop-down that never opened fails this try instead of the journey. */
/** Types into a device picker and picks the device with this serial number. */
async function pickDevice(page: Page, scope: ReturnType<typeof dialog>, serial: string) {
  await scope.getByTestId('device-picker').click();
  await page.keyboard.type(serial);
  await chooseOption(page, serial);
}

/** The demo fleet's serial numbers run CF20260001, CF20260002, … */
function demoSerial(n: number): string {
  return `CF2026${String(n).padStart(4, '0')}`;
}

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('a batch with a bad rack range names the error; a good one is saved', async ({ page }) => {
  await signIn(page, '/device/index/product/batch/index');
  await page.getByTestId('add-batch').click();
  const form = dialog(page);
  await form.getByLabel('Batch name').fill(`E2E batch ${run}`);
  // the model list loads with the dialog: choose until the field shows it (a click on a list still loading misses)
  await expect(async () => {
    await form.getByLabel('Device model').click({ timeout: 5_000 });
    await chooseOption(page, 'CleanBot S1', 5_000);
    await expect(form.locator('.ant-select', { hasText: 'CleanBot S1' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const range = form.getByLabel('Rack number range');

  await range.fill('SC001-SC0030');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(form)).toHaveText('Both ends must have the same number of digits.');
  await page.screenshot({ path: `${ARTIFACTS}/fleet-batch-form-error-en.png` });
  await range.fill('SC0030-SC0001');
  await expect(fieldError(form)).toHaveText('The first number must be below the last.');
  await range.fill('SC0001~SC0030');
  await expect(fieldError(form)).toHaveText(
    "Write the range as two rack numbers joined by '-', such as SC0001-SC0030.",
  );

  await range.fill('SC0001-SC0030');
  await expect(form.getByTestId('rack-preview')).toHaveText('30 rack numbers: SC0001 … SC0030');
  await form.getByLabel('Lidar').click();
  await chooseOption(page, 'RPLidar S2');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const row = page.locator('.ant-table-row', { hasText: `E2E batch ${run}` });
  await expect(row).toContainText('SC0001-SC0030');
  await expect(row).toContainText('CleanBot S1');

  await row.locator('.ant-table-row-expand-icon').click();
  await expect(page.locator('.ant-table-expanded-row', { hasText: 'RPLidar S2' })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/fleet-batch-parts-en.png` });
});

test('a repair record moves pending → processing → handled, one step at a time', async ({ page }) => {
  const serial = demoSerial(7);
  await signIn(page, '/device/repair');
  await page.getByTestId('add-repair').click();
  const form = dialog(page);
  await pickDevice(page, form, serial);
  await form.getByLabel('Repair type').fill(`wheel-${run}`);
  await form.getByLabel('Detail').fill('Left wheel squeaks');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  await page.getByTestId('filter-serial').fill(serial);
  await page.getByTestId('repair-page').getByRole('button', { name: 'Search' }).click();
  const row = page.locator('.ant-table-row', { hasText: `wheel-${run}` });
  await expect(row.getByTestId('repair-state')).toHaveText('Pending');
  await expect(row.getByRole('button', { name: 'Mark as handled' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Start processing' }).click();
  const step = dialog(page);
  await step.getByLabel('Processor').fill('Service team');
  await settled(page); // the dialog's opening animation
  await page.screenshot({ path: `${ARTIFACTS}/fleet-repair-process-en.png` });
  await step.getByRole('button', { name: 'Start processing' }).click();
  await expect(row.getByTestId('repair-state')).toHaveText('Processing');
  await expect(row.getByRole('button', { name: 'Start processing' })).toHaveCount(0);
  await expect(row).toContainText('Service team');

  await row.getByRole('button', { name: 'Mark as handled' }).click();
  await popconfirmOk(page).click();
  await expect(row.getByTestId('repair-state')).toHaveText('Handled');
  await expect(row.getByRole('button', { name: /Start processing|Mark as handled/ })).toHaveCount(0);
});

test('a lease is created and ended after a confirmation', async ({ page }) => {
  const serial = demoSerial(4);
  await signIn(page, '/device/hire');
  await page.getByTestId('add-hire').click();
  const form = dialog(page);
  await pickDevice(page, form, serial);
  await form.getByLabel('Customer').fill(`Expo ${run}`);
  await form.getByLabel('Phone').fill('1380000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(form)).toHaveText('The phone number must have 11 digits.');
  await form.getByLabel('Phone').fill('13800000001');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const row = page.locator('.ant-table-row', { hasText: `Expo ${run}` });
  await expect(row.getByTestId('hire-state')).toHaveText('Active');
  await row.getByRole('button', { name: 'End lease' }).click();
  await expect(page.locator('.ant-popover:not(.ant-popover-hidden)')).toContainText(`to Expo ${run} now?`);
  await popconfirmOk(page).click();
  await expect(row.getByTestId('hire-state')).toHaveText('Ended');
  await expect(row.getByRole('button', { name: 'End lease' })).toHaveCount(0);
});

test('a transfer node is added (ports checked) and hands out an FRP port', async ({ page }) => {
  await signIn(page, '/device/index/hostManage');
  await page.getByTestId('add-node').click();
  const form = dialog(page);
  await form.getByLabel('Name').fill(`Node ${run}`);
  await form.getByLabel('Domain or address').fill(`e2e-${run}.frp.example`);
  await form.getByLabel('Region').click();
  await chooseOption(page, 'Singapore');
  await form.getByLabel('SSH port').fill('19999');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(fieldError(form)).toHaveText('The port must be between 20000 and 30000.');
  await form.getByLabel('SSH port').fill('20022');
  await form.getByLabel('FRP port').fill('27000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const row = page.locator('.ant-table-row', { hasText: `Node ${run}` });
  await expect(row).toContainText('Singapore');
  await expect(row).toContainText('20022');
  await row.getByTestId(`generate-port-Node ${run}`).click();
  const result = dialog(page).getByTestId('frp-port-result');
  await expect(result).toContainText(`e2e-${run}.frp.example`);
  await settled(page); // the dialog's opening animation
  await page.screenshot({ path: `${ARTIFACTS}/fleet-frp-port-en.png` });
  const port = Number(await result.getByTestId('frp-port').innerText());
  expect(port).toBeGreaterThanOrEqual(20000);
  expect(port).toBeLessThanOrEqual(30000);
});

async function canvasHasInk(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).locator('canvas').first().evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return false;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1;
    return painted > 500;
  });
}

test('the summary charts are drawn', async ({ page }) => {
  await signIn(page, '/device/deviceSummary');
  await expect(page.getByTestId('summary-chart').locator('canvas')).toBeVisible();
  await expect.poll(() => canvasHasInk(page, 'summary-chart')).toBe(true);
  await expect(page.getByTestId('stat-total')).not.toContainText(/^\s*Devices\s*0\s*$/);

  await page.getByTestId('chart-type').getByText('Table').click();
  await expect(page.getByTestId('chart-type').locator('.ant-table-row').first()).toBeVisible();

  await page.goto('/device/deviceOnLineSummary');
  await expect.poll(() => canvasHasInk(page, 'online-chart')).toBe(true);
  // the demo's online history: some devices were online on the days before today
  await expect(page.getByTestId('average-rate')).toContainText(/[1-9]\d*(\.\d)?%/);
  await page.getByTestId('chart-over-time').getByText('Table').click();
  await expect(page.getByTestId('chart-over-time').locator('.ant-table-row').first()).toContainText('%');
  await page.getByTestId('chart-over-time').getByText('Chart').click();
  const chooser = page.getByTestId('range-chooser');
  await chooser.getByText('Custom').click();
  const inputs = chooser.locator('.ant-picker-range input');
  await inputs.first().click();
  await inputs.first().fill('2026-01-01');
  await inputs.first().press('Enter');
  await inputs.nth(1).fill('2026-01-20');
  await inputs.nth(1).press('Enter');
  await expect(fieldError(chooser)).toHaveText(
    'The start date must be within 7 days of the end date; use the preset ranges for longer periods.',
  );
  await page.screenshot({ path: `${ARTIFACTS}/fleet-range-error-en.png` });
  await inputs.first().click();
  await inputs.first().fill('2026-01-14');
  await inputs.first().press('Enter');
  await inputs.nth(1).press('Enter');
  await expect(fieldError(chooser)).toHaveCount(0);
  await expect(page.getByTestId('chart-over-time')).toContainText('2026-01-14 to 2026-01-20');
});

test('the maintenance password is shown on the device page and its access recorded', async ({ page }) => {
  const serial = demoSerial(2);
  await signIn(page, '/device/info');
  await page.getByTestId('device-picker').click();
  await page.keyboard.type(serial);
  await chooseOption(page, serial);
  await expect(page).toHaveURL(/\/device\/info\?deviceId=\d+/);
  await expect(page.getByTestId('device-details')).toContainText(serial);
  await expect(page.getByTestId('consumables')).toContainText('Dust bag');

  await page.getByTestId('view-password').click();
  await popconfirmOk(page).click();
  await expect(dialog(page).getByTestId('device-password')).toHaveText(/^\d{4}$/);
  await settled(page); // the dialog's opening animation
  await page.screenshot({ path: `${ARTIFACTS}/fleet-password-en.png` });
  await dialog(page).locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await page.goto('/device/index/device/selectViewPwdPageList');
  await expect(page.locator('.ant-table-row', { hasText: serial }).first()).toContainText('admin');
});

const SCREENS = [
  ['summary', '/device/deviceSummary'],
  ['online', '/device/deviceOnLineSummary'],
  ['hardware', '/device/hardSupportIndex'],
  ['batches', '/device/index/product/batch/index'],
  ['hosts', '/device/index/hostManage'],
  ['repairs', '/device/repair'],
  ['leases', '/device/hire'],
  ['info', '/device/info?deviceId=1'],
  ['password-views', '/device/index/device/selectViewPwdPageList'],
] as const;

for (const language of ['zh-CN', 'en', 'ar'] as const) {
  test(`fleet screens in ${language}`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await useLanguage(context, language, baseURL);
    await signIn(page, '/device/deviceSummary');
    for (const [name, path] of SCREENS) {
      await page.goto(path);
      await expect(page.locator('.cf-page:visible .ant-skeleton')).toHaveCount(0);
      await settled(page); // the charts drawn
      const height = await page.locator('.cf-page:visible').evaluate((el) => el.scrollHeight);
      await page.setViewportSize({ width: 1366, height: Math.min(Math.max(height + 140, 800), 3200) });
      await settled(page);
      await page.screenshot({ path: `${ARTIFACTS}/fleet-${name}-${language}.png` });
      await page.setViewportSize({ width: 1366, height: 800 });
    }
  });
}
