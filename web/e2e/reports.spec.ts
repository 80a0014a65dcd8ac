/**
 * Task reports against the real server. A run is recorded through the console as a manual record (a
 * simulated run takes minutes of robot time; the path a real run draws from its heartbeats is checked by
 * the server's tests/reports/test_tracks.py): it appears in the report list with its figures in the
 * units of api-spec 9, its details open, an edit moves the figures, the week's run count moves with it,
 * and the list exports to a valid export.xlsx. The chart screen draws a year of figures exactly as the
 * server answers them (twelve months, the summary's run count).
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page, type Response } from '@playwright/test';
import { ARTIFACTS, chooseOption, signIn, useLanguage } from './helpers';

const run = Date.now().toString(36).slice(-5);

function dialog(page: Page) {
  return page.locator('.ant-modal-wrap:visible .ant-modal').last();
}

async function weekRuns(page: Page): Promise<number> {
  const runs = page.getByTestId('report-week').locator('.ant-statistic').first().locator('.ant-statistic-content-value');
  await expect(runs).toHaveText(/^\d+$/);
  return Number(await runs.textContent());
}

const base = Date.now();

const pad = (n: number) => String(n).padStart(2, '0');

/** A minute before the run's start: both ends from one base, so the run lasts exactly their difference. */
function minutesAgo(minutes: number): string {
  const d = new Date(base - minutes * 60_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('a recorded run appears in the list with its figures, moves the week chart and exports', async ({ page }, testInfo) => {
  const task = `E2E sweep ${run}`;
  await signIn(page, '/device/report');
  const before = await weekRuns(page);
  await page.getByTestId('report-add').click();
  const form = dialog(page);
  await form.getByTestId('report-insert-device').click();
  await page.keyboard.type('CF20260001');
  await chooseOption(page, 'CF20260001');
  await form.getByTestId('report-insert-task').fill(task);
  await form.getByTestId('report-insert-map').fill('Level 1');
  for (const [id, minutes] of [['report-insert-start', 90], ['report-insert-end', 30]] as const) {
    await form.getByTestId(id).click();
    await form.getByTestId(id).fill(minutesAgo(minutes));
    await form.getByTestId(id).press('Enter');
  }
  await form.getByTestId('report-insert-planned').fill('500');
  await form.getByTestId('report-insert-cleaned').fill('450');
  await expect(form.getByTestId('report-insert-planned')).toHaveValue('500');
  await expect(form.getByTestId('report-insert-cleaned')).toHaveValue('450');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Record added.')).toBeVisible();

  await page.getByTestId('report-task-filter').fill(task);
  await page.getByTestId('report-search').click();
  const row = page.locator('tr', { hasText: task });
  await expect(row).toContainText('450.0 m²');
  await expect(row).toContainText('90.0%');
  await expect(row).toContainText('450.00 m²/h');
  await expect(row).toContainText('01:00:00');

  await page.getByTestId(`report-open-${task}`).click();
  const detail = page.getByTestId('report-detail');
  await expect(detail.getByTestId('report-detail-cleaned')).toHaveText('450.0 m²');
  await expect(detail.getByTestId('run-path-empty')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/report-detail-en.png` });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  await page.getByTestId(`report-edit-${task}`).click();
  const edit = dialog(page);
  await edit.getByTestId('report-edit-cleaned').fill('400');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Run saved.')).toBeVisible();
  await expect(row).toContainText('80.0%');

  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('export.xlsx');
  const path = testInfo.outputPath('export.xlsx');
  await file.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(2).value).toBe('Task');
  const line = sheet.getRow(2);
  expect(line.getCell(2).value).toBe(task);
  expect(line.getCell(8).value).toBe(400);
  expect(line.getCell(9).value).toBe(0.8);
  expect(line.getCell(9).numFmt).toBe('0.0%');

  await expect.poll(() => weekRuns(page)).toBeGreaterThanOrEqual(before + 1);
  await page.screenshot({ path: `${ARTIFACTS}/report-list-en.png` });
});

/** A response to ``path`` asked for the year. */
function isYear(path: string) {
  return (r: Response) => r.url().endsWith(path) && (r.request().postData() ?? '').includes('"year"');
}

test('the chart screen draws the year the server answers', async ({ page }) => {
  await signIn(page, '/reportChart');
  await expect(page.getByTestId('report-chart-canvas')).toBeVisible({ timeout: 30_000 }); // a first chart chunk on a busy machine
  const chartAnswer = page.waitForResponse(isYear('/api/taskReport/chart'));
  const summaryAnswer = page.waitForResponse(isYear('/api/taskReport/chartSummary'));
  await page.getByTestId('report-range-switch').getByText('Last year').click();
  const chart = (await (await chartAnswer).json()).data as { points: { start: string; runs: number }[] };
  const summary = (await (await summaryAnswer).json()).data as { runs: number };
  expect(chart.points).toHaveLength(12);

  const runs = page.getByTestId('report-summary').locator('.ant-statistic').first().locator('.ant-statistic-content-value');
  await expect(runs).toHaveText(String(summary.runs));
  await page.getByTestId('report-chart').getByText('Table', { exact: true }).click();
  const rows = page.getByTestId('report-chart-table').locator('tbody tr');
  await expect(rows).toHaveCount(12);
  for (const [index, point] of chart.points.entries()) {
    await expect(rows.nth(index).locator('td').nth(0)).toHaveText(point.start.slice(0, 7));
    await expect(rows.nth(index).locator('td').nth(1)).toHaveText(String(point.runs));
  }
});
