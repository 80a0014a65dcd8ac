/**
 * Failure paths a user has to see and recover from, against the real server and its simulated robots: a robot
 * whose link drops halfway through a backup upload (the simulator's own failure switch, api2/sim_data_fail;
 * random failures are off in e2e runs) shows the backup failed with its reason, and "Upload again" sends the
 * robot's pack once more until the backup is finished. CF2-0008 is used by no other journey.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, chooseOption, savedSession, signIn, useLanguage } from './helpers';
import { SIM_BASE_PORT } from './ports';

const ROBOT = 'CF2-0008';
const ROBOT_NUMBER = 8;

test.describe.configure({ timeout: 180_000 });
test.use({ storageState: savedSession('admin') });

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

async function failNextJob(mode: 'link' | 'disk' | 'reboot'): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${SIM_BASE_PORT + ROBOT_NUMBER - 1}/api2/sim_data_fail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  });
  expect(answer.ok).toBe(true);
  expect(((await answer.json()) as { code: number }).code).toBe(0);
}

async function chooseRobot(page: Page, serial: string) {
  await page.getByTestId('robotdata-robot').click();
  await page.keyboard.type(serial);
  await chooseOption(page, serial);
}

test('a backup whose upload the robot loses is shown failed with its reason, and uploading it again finishes it', async ({ page }) => {
  await failNextJob('link');
  await page.goto('/device/dataBackup');
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
  await signIn(page, '/device/dataBackup');
  await chooseRobot(page, ROBOT);
  await page.getByTestId('start-backup').click();
  await expect(page.getByText('The robot is packing its data.')).toBeVisible();
  const newest = page.getByTestId('backups').locator('tbody tr.ant-table-row', { hasText: ROBOT }).first();
  await expect(newest.getByTestId('backup-status-failed')).toBeVisible({ timeout: 60_000 });
  await expect(newest).toContainText('The upload was interrupted');
  await page.screenshot({ path: `${ARTIFACTS}/failure-paths-backup-failed-en.png` });

  await newest.getByRole('button', { name: 'Upload again' }).click();
  await expect(page.getByText('The backup runs again.')).toBeVisible();
  await expect(newest.getByTestId('backup-status-finished')).toBeVisible({ timeout: 60_000 });
  await expect(newest).not.toContainText('The upload was interrupted');
});
