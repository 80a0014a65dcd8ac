/**
 * Task controls say what happened (issue 30 item 2), against the real server and a simulated robot: Pause shows
 * "Pausing…" at once and "Paused" once the robot's live state says so; "Cancel all tasks" asks first, naming the
 * robot, and "Don't cancel" sends nothing; confirming it cancels, confirmed the same way. The robot (the task
 * journeys' CF3-0005) is left idle.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, OPEN_DROPDOWN, signIn, useLanguage } from './helpers';

const ROBOT = 'CF3-0005';

function toast(page: Page, text: string) {
  return page.locator('.ant-message-notice', { hasText: text });
}

test.beforeEach(async ({ context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
});

test('Pause shows "Pausing…" then "Paused"; cancelling all asks first', async ({ page }) => {
  test.setTimeout(120_000);
  const cancels: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/task/cancel') cancels.push(request.url());
  });
  await signIn(page, '/device/taskList');
  await page.getByTestId('task-robot').click();
  await page.keyboard.type(ROBOT);
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: ROBOT }).first().click();
  await expect(page.getByTestId('task-map')).toBeVisible();
  await expect(page.getByText('The robot is on this map')).toBeVisible(); // the table lists that map's tasks
  await expect(page.getByTestId('live-task')).toHaveText('No task running');

  // a long demo task of the robot's current map; the floor may still be wet from an earlier journey's run
  const start = page.locator('[data-testid^="start-"][data-testid*="whole"]').first();
  const name = ((await start.getAttribute('data-testid')) ?? '').slice('start-'.length);
  await start.click();
  const anyway = page.getByRole('button', { name: 'Run anyway' });
  await expect(page.getByTestId('live-task').filter({ hasText: name }).or(anyway)).toBeVisible();
  if (await anyway.isVisible()) await anyway.click();
  await expect(page.getByTestId('live-task')).toHaveText(name, { timeout: 20_000 });
  await expect(page.getByTestId('live-state')).toHaveText('Working');

  await page.getByTestId('task-pause').click();
  // "Pausing…" shows until the robot's next state; a quick robot may confirm before it is read (the unit test
  // live-work.test.tsx holds the robot back and sees it)
  await expect(page.getByTestId('task-pending').filter({ hasText: 'Pausing…' }).or(toast(page, 'Paused'))).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/task-pausing-en.png` });
  await expect(toast(page, 'Paused')).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveText('Paused');
  await expect(page.getByTestId('task-pending')).toHaveCount(0);

  // "Cancel all tasks" asks first, naming the robot; "Don't cancel" sends nothing
  await page.getByTestId('task-cancel-all').click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Cancel all tasks of' });
  await expect(confirm).toContainText(new RegExp(`Cancel all tasks of \\u2068.*\\(${ROBOT}\\)\\u2069\\?`));
  await confirm.getByRole('button', { name: "Don't cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('task-pending')).toHaveCount(0);
  await expect(page.getByTestId('live-task')).toHaveText(name);

  // confirmed, it cancels: the one cancel request the page ever sent
  await page.getByTestId('task-cancel-all').click();
  await confirm.getByRole('button', { name: 'Cancel all tasks' }).click();
  // "Cancelling all tasks…" shows until the robot's next state; a quick robot may confirm before it is read
  await expect(page.getByTestId('task-pending').filter({ hasText: 'Cancelling all tasks…' }).or(toast(page, 'All tasks cancelled'))).toBeVisible();
  await expect(toast(page, 'All tasks cancelled')).toBeVisible();
  await expect(page.getByTestId('live-task')).toHaveText('No task running');
  expect(cancels).toHaveLength(1);
});
