/**
 * Robot data against the real server and its simulated robots: a log pulled from a robot into the cloud
 * (uploading, then synchronised) and downloaded; a robot backed up (packing, uploading, finished), its
 * contents seen, and restored onto it; the live camera played (an <img> that has loaded MJPEG frames).
 * Each part uses a robot of its own; a retry picks a log not uploaded yet and the newest backup.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, chooseOption, savedSession, signIn, useLanguage } from './helpers';

const LOG_ROBOT = 'CF3-0005';
const BACKUP_ROBOT = 'CF2-0006';
const VIDEO_ROBOT = 'CF3-0007';

/** The page, signed in from the saved session; a first load on a busy machine may take a while. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
  await signIn(page, path);
}

async function chooseRobot(page: Page, serial: string, testId = 'robotdata-robot') {
  await page.getByTestId(testId).click();
  await page.keyboard.type(serial);
  await chooseOption(page, serial);
}

test.describe.configure({ timeout: 180_000 });
test.use({ storageState: savedSession('admin') });

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('a log is pulled from a robot into the cloud and downloaded', async ({ page }) => {
  await open(page, '/device/log');
  await chooseRobot(page, LOG_ROBOT);
  const robotLogs = page.getByTestId('robot-logs');
  const fresh = robotLogs.locator('tr', { has: page.getByTestId('log-state-none') }).first();
  await expect(fresh).toBeVisible({ timeout: 20_000 });
  const name = (await fresh.locator('td').first().innerText()).trim();
  await expect(page.getByTestId('log-chart')).toBeVisible();
  await page.getByTestId(`upload-log-${name}`).click();
  await expect(page.getByText(`The robot is uploading ${name}.`)).toBeVisible();
  await expect(robotLogs.locator('tr', { hasText: name }).getByTestId('log-state-synchronised')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('tab-cloud').click();
  const uploaded = page.getByTestId('uploaded-logs').locator('tr', { hasText: name });
  await expect(uploaded.getByTestId('log-state-synchronised')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/robotdata-logs-en.png` });
  const download = page.waitForEvent('download');
  await page.getByTestId(`download-log-${name}`).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  const path = await file.path();
  const text = readFileSync(path, 'utf8');
  expect(text.length).toBeGreaterThan(1000);
  expect(text).toContain(LOG_ROBOT);
});

test('a robot is backed up, its contents seen, and restored', async ({ page }) => {
  await open(page, '/device/dataBackup');
  await chooseRobot(page, BACKUP_ROBOT);
  await page.getByTestId('start-backup').click();
  await expect(page.getByText('The robot is packing its data.')).toBeVisible();
  const newest = page.getByTestId('backups').locator('tbody tr.ant-table-row').first();
  await expect(newest.getByTestId('backup-status-finished')).toBeVisible({ timeout: 60_000 });
  await expect(newest).toContainText(BACKUP_ROBOT);

  await newest.getByRole('button', { name: 'Contents' }).click();
  const contents = page.getByTestId('backup-contents');
  await expect(contents).toContainText('robot.json');
  await expect(contents).toContainText('tasks.json');
  await page.locator('.ant-modal-wrap:visible .ant-modal-close').click();

  await newest.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
  await expect(dialog.getByTestId('restore-target')).toContainText(BACKUP_ROBOT);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('The robot is restoring the backup.')).toBeVisible();
  await expect(newest.getByTestId('restore-status-restored')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${ARTIFACTS}/robotdata-backups-en.png` });
});

test('the live camera plays through the server', async ({ page }) => {
  await open(page, '/device/videoHistory');
  await chooseRobot(page, VIDEO_ROBOT);
  await page.getByTestId('start-live').click();
  const video = page.getByTestId('live-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('live-remaining')).toContainText('Stops in');
  await expect(page.getByTestId('records').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/robotdata-video-en.png` });
  await page.getByTestId('stop-live').click();
  await expect(video).toHaveCount(0);
});
