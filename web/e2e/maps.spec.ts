/**
 * Maps against the real server and its simulated robots: build a map live on a protocol 3 robot and
 * save it, draw a forbidden zone on it in the editor and save it to the robot, then sync it to a
 * second robot and see both sides' outcomes (send, receive) before finding it in that robot's list. Quick clicks
 * (250 ms apart) add points and never end a shape by themselves; a click on the first point does. A zone
 * drawn inside a task's rectangle keeps the robot's recorded path out of it; the task's drawing shows the zone and
 * refuses an area over it.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, chooseOption, OPEN_DROPDOWN, robotCall, signedCall, signIn, useLanguage } from './helpers';

const SOURCE = 'CF3-0001';
const TARGET = 'CF2-0002';
const BUILT = `e2e map ${Date.now() % 100000}`;

async function chooseRobot(page: Page, serial: string) {
  await page.getByTestId('map-robot').click();
  await page.keyboard.type(serial);
  await chooseOption(page, serial);
  await expect(page).toHaveURL(/\/device\/maplist\?deviceId=\d+$/);
}

/** Fails with the refusal's words when the console shows one (a robot call refused, offline, no answer). */
async function expectNoRefusal(page: Page, doing: string) {
  const refusals = await page.locator('.ant-message-notice-error').allTextContents();
  expect(refusals, `${doing}: the console showed a refusal`).toEqual([]);
}


function row(page: Page, name: string) {
  return page.getByTestId('map-table').locator('tr', { has: page.getByTestId('map-name').getByText(name, { exact: true }) });
}

test.describe.configure({ timeout: 180_000 });

test('a map is built, a forbidden zone drawn and saved, and the map synced to a second robot', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pictures: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/relay' && url.searchParams.get('m')?.startsWith('api2/image/')) pictures.push(url.searchParams.get('m') ?? '');
  });
  await signIn(page, '/device/maplist');
  await chooseRobot(page, SOURCE);
  await expect(row(page, 'office-3F')).toContainText('In use', { timeout: 40_000 });
  await expect(row(page, 'office-3F').getByTestId('map-thumb')).toBeVisible();

  // The picture comes through the relay once: the thumbnail and two opens of the editor share it.
  const office = row(page, 'office-3F');
  for (let open = 0; open < 2; open += 1) {
    await office.getByTestId('map-edit').click();
    await expect(page.getByTestId('map-editor')).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('map-editor')).toBeHidden();
  }
  expect(pictures.filter((m) => m === 'api2/image/office-3F.png')).toHaveLength(1);

  // Build: the scan grows on screen while the robot explores, then it is saved under a name. The
  // start waits for the robot online; a refused start shows why (a toast), and the test says so.
  const start = page.getByTestId('map-build-start');
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await start.click();
  const panel = page.getByTestId('map-build');
  await expect(panel.or(page.locator('.ant-message-notice-error'))).toBeVisible({ timeout: 20_000 });
  await expectNoRefusal(page, 'starting to build a map');
  await expect(page.getByTestId('map-build-scan')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('map-build-name').fill(BUILT);
  await page.getByTestId('map-build-save').click();
  await expect(row(page, BUILT).or(page.locator('.ant-message-notice-error'))).toBeVisible({ timeout: 20_000 });
  await expectNoRefusal(page, 'saving the built map');
  await expect(row(page, BUILT)).toBeVisible();

  // The editor: a forbidden zone of four points clicked quickly (each click held 250 ms, so they come 250 ms
  // apart: any two would make a browser double click), closed by a click on its first point, then saved.
  await row(page, BUILT).getByTestId('map-edit').click();
  const editor = page.getByTestId('map-editor');
  await expect(editor).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
  await expect(editor).toHaveAttribute('data-zones', '0');
  await page.getByTestId('editor-tool-zone').click();
  await expect(page.getByTestId('editor-hint')).toContainText('"Finish shape"');
  const stage = page.getByTestId('editor-stage');
  const box = await stage.boundingBox();
  if (!box) throw new Error('no editor stage');
  const corners = [[0.3, 0.3], [0.45, 0.3], [0.45, 0.45], [0.3, 0.45]] as const;
  for (const [fx, fy] of corners) await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy, { delay: 250 });
  await expect(editor).toHaveAttribute('data-draft', '4');
  await expect(editor).toHaveAttribute('data-zones', '0'); // not closed early
  await page.screenshot({ path: `${ARTIFACTS}/map-editor-drawing-en.png` });
  await page.mouse.click(box.x + box.width * corners[0][0] + 2, box.y + box.height * corners[0][1] + 1);
  await expect(editor).toHaveAttribute('data-zones', '1');
  await expect(editor).toHaveAttribute('data-draft', '0');
  await page.getByTestId('editor-undo').click();
  await expect(editor).toHaveAttribute('data-zones', '0');
  await page.getByTestId('editor-redo').click();
  await expect(editor).toHaveAttribute('data-zones', '1');
  await page.getByTestId('editor-save').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByText('Map saved on the robot')).toBeVisible();
  await row(page, BUILT).getByTestId('map-edit').click();
  await expect(page.getByTestId('map-editor')).toHaveAttribute('data-zones', '1', { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('map-editor')).toBeHidden();

  // Sync to a second robot: both sides' outcomes per robot.
  await row(page, BUILT).getByTestId('map-sync').click();
  await page.getByTestId('sync-targets').click();
  await page.keyboard.type(TARGET);
  await chooseOption(page, TARGET);
  await page.keyboard.press('Escape');
  await page.getByTestId('sync-start').click();
  const rows = page.getByTestId('sync-rows');
  await expect(rows.getByTestId('sync-send-success')).toBeVisible();
  const received = rows.getByTestId('sync-receive-success');
  const failed = rows.getByTestId('sync-receive-failed');
  await expect(received.or(failed)).toBeVisible({ timeout: 30_000 });
  if (await failed.isVisible()) {
    // the simulated robots fail a sync now and then on purpose: the retry is what a user does
    await rows.getByRole('button', { name: 'Retry' }).click();
  }
  await expect(received).toBeVisible({ timeout: 30_000 });
  await expect(rows).toContainText('Receive succeeded');
  await page.locator('.ant-modal-close').first().click();

  await chooseRobot(page, TARGET);
  await expect(row(page, BUILT)).toBeVisible({ timeout: 20_000 });
});

type Point = [number, number];

/** Whether p lies inside the polygon (even-odd rule). */
function inside([x, y]: Point, polygon: Point[]): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

function bounds(points: Point[]) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

/** Clicks at fractions of a canvas's size. */
async function clickAt(page: Page, canvas: ReturnType<Page['locator']>, points: readonly (readonly [number, number])[]) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  for (const [fx, fy] of points) await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

// CF3-0011 (robot 11, protocol 3) stands in the open entrance hall (lobby-hall); no other journey uses it.
const WALKER = { serial: 'CF3-0011', index: 11 };

test('a task run keeps out of a forbidden zone drawn in its rectangle', async ({ page, context, baseURL }) => {
  test.setTimeout(300_000);
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  const mapName = (await robotCall<{ map_name: string }>(WALKER.index, 'api2/map_name')).map_name;
  const before = await robotCall<{ forbidden_zone: Point[][] }>(WALKER.index, 'api2/map_info', { map_name: mapName });

  // The zone: a triangle in the middle of the map, drawn in the editor and saved to the robot.
  await signIn(page, '/device/maplist');
  await chooseRobot(page, WALKER.serial);
  await row(page, mapName).getByTestId('map-edit').click();
  const editor = page.getByTestId('map-editor');
  await expect(editor).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
  await page.getByTestId('editor-tool-zone').click();
  await clickAt(page, page.getByTestId('editor-stage'), [[0.46, 0.46], [0.54, 0.46], [0.5, 0.54]]);
  await page.keyboard.press('Enter');
  await expect(editor).toHaveAttribute('data-zones', String(before.forbidden_zone.length + 1));
  await page.getByTestId('editor-save').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await expect(page.getByText('Map saved on the robot')).toBeVisible();
  const after = await robotCall<{ forbidden_zone: Point[][] }>(WALKER.index, 'api2/map_info', { map_name: mapName });
  expect(after.forbidden_zone).toHaveLength(before.forbidden_zone.length + 1);
  const zone = after.forbidden_zone[after.forbidden_zone.length - 1];

  // The task: a rectangle 2 m around the zone, drawn on the task page's map (which shows the whole map, y up).
  const info = await robotCall<{ origin: number[]; size_m: number[] }>(WALKER.index, 'api2/map_info', { map_name: mapName });
  const [left, bottom] = info.origin;
  const [width, height] = info.size_m;
  const onMap = (x: number, y: number) => [(x - left) / width, 1 - (y - bottom) / height] as const;
  const zoneBox = bounds(zone);
  const name = `Around the zone ${Date.now().toString(36).slice(-5)}`;
  await page.goto('/device/taskList');
  await page.getByTestId('task-robot').click();
  await page.keyboard.type(WALKER.serial);
  await page.locator(`${OPEN_DROPDOWN} .ant-select-item-option`, { hasText: WALKER.serial }).first().click();
  await expect(page.getByTestId('task-map')).toBeVisible();
  await page.getByTestId('new-task').click();
  const form = page.locator('.ant-modal-wrap:visible .ant-modal').last();
  const drawing = form.getByTestId('draw-map').locator('canvas').first();
  await expect(drawing).toBeVisible();
  // The saved zones are drawn on the task's map, in the editor's red.
  await expect(form.getByTestId('draw-map')).toHaveAttribute('data-zones', String(after.forbidden_zone.length));
  const zoneMiddle = onMap((zoneBox.x0 + zoneBox.x1) / 2, zoneBox.y0 + (zoneBox.y1 - zoneBox.y0) / 3);
  const shade = await drawing.evaluate((canvas: HTMLCanvasElement, [fx, fy]) => {
    const [r = 0, g = 0, b = 0] = canvas.getContext('2d')?.getImageData(Math.round(canvas.width * fx), Math.round(canvas.height * fy), 1, 1).data ?? [];
    return { r, g, b };
  }, zoneMiddle);
  expect(shade.r - Math.max(shade.g, shade.b), `the zone's colour ${JSON.stringify(shade)}`).toBeGreaterThan(25);
  await form.getByTestId('task-name').fill(name);
  const startPoint = onMap(zoneBox.x0 - 1.5, (zoneBox.y0 + zoneBox.y1) / 2);
  // An area over part of the zone is named and cannot be saved.
  await clickAt(page, drawing, [startPoint, onMap(zoneBox.x0 - 2, zoneBox.y1 + 2), onMap((zoneBox.x0 + zoneBox.x1) / 2, (zoneBox.y0 + zoneBox.y1) / 2)]);
  await expect(form.getByTestId('draw-zone-conflict')).toContainText(`forbidden zone ${after.forbidden_zone.length}`);
  await expect(form.getByTestId('task-save')).toBeDisabled();
  await page.screenshot({ path: `${ARTIFACTS}/task-draw-zone-conflict-en.png` });
  await form.getByRole('button', { name: 'Delete the line' }).click();
  await expect(form.getByTestId('draw-zone-conflict')).toBeHidden();
  // Around it: the zone is an island the robot cleans around.
  await clickAt(page, drawing, [onMap(zoneBox.x0 - 2, zoneBox.y1 + 2), onMap(zoneBox.x1 + 2, zoneBox.y0 - 2)]);
  await expect(form.getByTestId('draw-zone-conflict')).toBeHidden();
  await form.getByTestId('task-save').click();
  await expect(page.getByText('Task saved.')).toBeVisible();
  const tasks = await robotCall<{ task_info: { task_name: string; area: Point[] }[] }>(WALKER.index, 'api1/task_list', { map_name: mapName });
  const area = tasks.task_info.find((t) => t.task_name === name)?.area ?? [];
  const rectangle = bounds(area);
  // the check below means something only when the zone lies within the rectangle the robot cleans
  expect(zoneBox.x0 > rectangle.x0 && zoneBox.x1 < rectangle.x1 && zoneBox.y0 > rectangle.y0 && zoneBox.y1 < rectangle.y1,
    `zone ${JSON.stringify(zone)} within task area ${JSON.stringify(area)}`).toBe(true);
  await page.getByTestId(`start-${name}`).click();
  const anyway = page.getByRole('button', { name: 'Run anyway' });
  await anyway.waitFor({ timeout: 3_000 }).then(() => anyway.click()).catch(() => undefined);
  await expect(page.getByTestId('live-task')).toHaveText(name, { timeout: 20_000 });
  await expect(page.getByTestId('live-task')).toHaveText('No task running', { timeout: 240_000 });

  // The run's recorded path: cleaned around the zone, never inside it; drawn in the report's details.
  let path: Point[] = [];
  await expect.poll(async () => {
    const list = await signedCall<{ list: { taskReportId: number; taskName: string }[] }>(page, '/api/taskReport/list',
      { taskName: name, currentPage: 1, pageSize: 10 });
    const report = list.data.list.find((r) => r.taskName === name);
    if (!report) return 0;
    const detail = await signedCall<{ path: Point[] }>(page, '/api/taskReport/detail', { taskReportId: report.taskReportId });
    path = detail.data.path;
    return path.length;
  }, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  // the track is sampled at each heartbeat (every 5 s, 50 s of a robot running ten times fast): a few points
  expect(path.filter((p) => inside(p, zone))).toEqual([]);
  const inRectangle = path.filter(([x, y]) => x >= rectangle.x0 && x <= rectangle.x1 && y >= rectangle.y0 && y <= rectangle.y1);
  expect(inRectangle.length, `path ${JSON.stringify(path)} cleans the rectangle`).toBeGreaterThanOrEqual(2);
  await page.goto('/device/report');
  await page.getByTestId('report-task-filter').fill(name);
  await page.getByTestId('report-search').click();
  await page.getByTestId(`report-open-${name}`).first().click();
  await expect(page.getByTestId('run-path-line')).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/run-path-around-zone-en.png` });
});
