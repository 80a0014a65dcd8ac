/**
 * A map that tasks use (issue 29 items 1 and 2), against the real server and a simulated robot no other journey
 * uses (CF2-0004, robot 4, protocol 2: its task calls are api/…):
 *
 * - importing a map file over the same-named map a task uses: the console's dialog names the task and nothing
 *   is replaced until the user confirms (a cancel leaves the robot's map as it was; "Replace anyway" replaces it,
 *   and the task stays on it);
 * - the map editor opened while a task runs on the map shows a banner naming the task and offers to stop it.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPEN_DROPDOWN, robotCall, signIn, useLanguage } from './helpers';

const ROBOT = { serial: 'CF2-0004', index: 4 };
const TASK = `In-use round ${Date.now().toString(36).slice(-5)}`;

type Point = [number, number];
interface MapInfo {
  origin: number[];
  size_m: number[];
  forbidden_zone: Point[][];
}

const CONFLICT = 10011;

async function chooseRobot(page: Page, serial: string) {
  await page.getByTestId('map-robot').click();
  await page.keyboard.type(serial);
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: serial }).click();
  await expect(page).toHaveURL(/\/device\/maplist\?deviceId=\d+$/);
}

function row(page: Page, name: string) {
  return page.getByTestId('map-table').locator('tr', { has: page.getByTestId('map-name').getByText(name, { exact: true }) });
}

const zonesOn = async (mapName: string) => (await robotCall<MapInfo>(ROBOT.index, 'api2/map_info', { map_name: mapName })).forbidden_zone.length;

/** A small square in the middle of the map, drawn on the robot itself (what the imported file does not have). */
async function drawOnRobot(mapName: string) {
  const info = await robotCall<MapInfo>(ROBOT.index, 'api2/map_info', { map_name: mapName });
  const [x, y] = [info.origin[0] + info.size_m[0] / 2, info.origin[1] + info.size_m[1] / 2];
  const square: Point[] = [[x, y], [x + 0.5, y], [x + 0.5, y + 0.5], [x, y + 0.5]];
  const saved = await robotCall(ROBOT.index, 'api2/map/CloudInfoUpdate', { map_name: mapName, forbidden_zone: [...info.forbidden_zone, square] });
  expect(saved.code, saved.msg).toBe(0);
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let mapName = '';

test.beforeAll(async () => {
  mapName = (await robotCall<{ map_name: string }>(ROBOT.index, 'api2/map_name')).map_name;
  const added = await robotCall(ROBOT.index, 'api/task_add', { task_name: TASK, map_name: mapName });
  expect(added.code, added.msg).toBe(0);
});

test.afterAll(async () => {
  await robotCall(ROBOT.index, 'api/task_cancel', {});
  await robotCall(ROBOT.index, 'api/task_del', { task_name: TASK });
});

test('importing over a map that a task uses names the task and replaces it only when confirmed', async ({ page, context, baseURL }, info) => {
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  // what the server answered each import (the browser does not show a file upload's form to the page's listeners)
  const imports: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/map/import') {
      void response.json().then((body: { message: { code: number } }) => imports.push(body.message.code));
    }
  });
  await signIn(page, '/device/maplist');
  await chooseRobot(page, ROBOT.serial);
  const mine = row(page, mapName);
  await expect(mine).toContainText(`Used by: ${TASK}`, { timeout: 40_000 });

  // The map as a file, then a zone drawn on the robot after it: a replaced map loses that zone.
  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Download' }).click();
  const file = info.outputPath(`${mapName}.cfmap.zip`);
  await (await downloading).saveAs(file);
  const before = await zonesOn(mapName);
  await drawOnRobot(mapName);
  expect(await zonesOn(mapName)).toBe(before + 1);

  const importInput = page.locator('.cf-map-actions input[type=file]');
  await importInput.setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: `Replace the map ${mapName}?` });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('replace-in-use')).toContainText(`Tasks: ${TASK}`);
  await expect(dialog.getByTestId('replace-target')).toContainText(ROBOT.serial);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await zonesOn(mapName)).toBe(before + 1); // cancelled: the robot's map is untouched
  await expect.poll(() => imports).toEqual([CONFLICT]); // refused without the confirmation, and not sent again

  await importInput.setInputFiles(file);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('replace-in-use')).toContainText(`Tasks: ${TASK}`);
  await dialog.getByTestId('replace-confirm').click();
  await expect(page.getByText(`Map ${mapName} imported`)).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  await expect.poll(() => imports).toEqual([CONFLICT, CONFLICT, 0]); // the confirmed one went through
  expect(await zonesOn(mapName)).toBe(before); // replaced by the file
  await expect(mine).toContainText(`Used by: ${TASK}`); // the task stays, on the new map
});

test('the map editor opened while a task runs on the map says so and stops the task when asked', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  const started = await robotCall(ROBOT.index, 'api/task_start', { task_name: TASK });
  expect(started.code, started.msg).toBe(0);
  await signIn(page, '/device/maplist');
  await chooseRobot(page, ROBOT.serial);
  await row(page, mapName).getByTestId('map-edit').click();
  const editor = page.getByTestId('map-editor');
  await expect(editor).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
  const banner = editor.getByTestId('editor-running');
  await expect(banner).toContainText(`The task ${TASK} is running on this map`, { timeout: 30_000 });

  await banner.getByTestId('editor-stop-tasks').click();
  const question = page.locator('.ant-modal-confirm').filter({ hasText: 'Stop all tasks on this robot?' });
  await question.getByRole('button', { name: 'Stop all tasks' }).click();
  await expect(page.getByText('Tasks stopped: you can save now')).toBeVisible({ timeout: 20_000 });
  await expect(banner).toBeHidden({ timeout: 30_000 });
  await expect.poll(async () => (await robotCall<{ task_name: string }>(ROBOT.index, 'api/task_state', {})).task_name).toBe('');
});
