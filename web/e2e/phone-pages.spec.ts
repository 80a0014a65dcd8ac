/**
 * The daily pages on a phone (issue 32 item 1), touch only, at 390x844 and 412x915: status monitoring, the
 * device list and a device's details, live alarms and the alarm centre, remote control, the task list, the
 * task report chart, the message centre and the profile dialog. Each page opens with nothing of its content
 * sticking out sideways (no element past the content's edges unless inside a tab strip, which folds its own
 * tabs; the content container's and the document's scrollWidth within their width), its lists drawn as cards,
 * no control covered by other content where it would be tapped, and no critical or serious axe finding. Its key
 * control works by touch: an alarm resolved in the centre after its confirmation, control of a robot taken and
 * released, its live map pinch-zoomed, a task paused and cancelled after its question. Robot 9 (CF3-0009) is
 * used: its manual mode raises the alarm; it is left idle and out of manual mode. Screenshots at 390x844 in zh-CN
 * and en land in e2e-artifacts/phone/.
 */
import { expect, test, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, handMode, robotCall, savedSession, settled, sidewaysOverflow, signedCall, signIn, useLanguage } from './helpers';

test.use({ storageState: savedSession('admin'), isMobile: true, hasTouch: true });
test.describe.configure({ timeout: 240_000 });

const ROBOT = { index: 9, serial: 'CF3-0009' };
const PHONES = [
  { name: '390', width: 390, height: 844 },
  { name: '412', width: 412, height: 915 },
] as const;
const SHOTS = process.env.PHONE_SHOTS ?? `${ARTIFACTS}/phone`;

/** The daily pages, each with what shows it has loaded. */
function dailyPages(deviceId: number) {
  return [
    { path: '/index', ready: 'robot-card' },
    { path: '/device/index', ready: 'device-table' },
    { path: `/device/info?deviceId=${deviceId}`, ready: 'device-info' },
    { path: '/index/realWarn', ready: 'live-alarms' },
    { path: '/warn/index/warn', ready: 'alarm-table' },
    { path: `/device_control/index?deviceId=${deviceId}`, ready: 'lease-bar' },
    { path: `/device/taskList?deviceId=${deviceId}`, ready: 'live-task' },
    { path: '/reportChart', ready: 'report-chart-page' },
    { path: '/message/index', ready: 'message-centre' },
  ] as const;
}

/**
 * The daily pages a thumb works on (issue 48 item 15): status monitoring, the device list, live alarms, the alarm
 * centre, the task list and the incidents. At 390 px everything one taps there (and in the phone's header) is at
 * least 44 x 44 px.
 */
function tapPages(deviceId: number) {
  return [
    { path: '/index', ready: 'robot-card' },
    { path: '/device/index', ready: 'device-table' },
    { path: '/index/realWarn', ready: 'live-alarms' },
    { path: '/warn/index/warn', ready: 'alarm-table' },
    { path: `/device/taskList?deviceId=${deviceId}`, ready: 'live-task' },
    { path: '/incident/index', ready: 'incident-page' },
  ] as const;
}

const TAP_MIN = 44;

/**
 * Every shown control smaller than TAP_MIN in either direction, as "what WxH". A control drawn inside its own box
 * (a select's search field, a check box's hidden input, a pager's number) is measured by that box: it is what takes
 * the tap.
 */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="combobox"], [role="menuitem"]';
    const boxes = '.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-pagination-item, .ant-pagination-prev, .ant-pagination-next, .ant-pagination-options, label';
    const small = new Set<string>();
    for (const control of Array.from(document.querySelectorAll<HTMLElement>(controls))) {
      if (control.closest('[aria-hidden="true"], .cf-visually-hidden, .ant-drawer:not(.ant-drawer-open)')) continue;
      const box = (control.closest(boxes) as HTMLElement | null) ?? control;
      const { width, height } = box.getBoundingClientRect();
      if (width <= 1 || height <= 1 || getComputedStyle(box).visibility === 'hidden') continue; // not shown
      if (width >= min - 0.5 && height >= min - 0.5) continue;
      const name = (control.getAttribute('aria-label') ?? control.getAttribute('data-testid') ?? control.textContent ?? '').trim().slice(0, 30);
      small.add(`${control.tagName.toLowerCase()}${box.className && typeof box.className === 'string' ? `.${box.className.split(' ')[0]}` : ''} "${name}" ${Math.round(width)}x${Math.round(height)}`);
    }
    return [...small];
  }, TAP_MIN);
}

test('at 390 px every control of the daily pages is at least 44 x 44 px, a switch by its borders', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/index');
  await menuFolded(page);
  const deviceId = await robotId(page);
  const found: Record<string, string[]> = {};
  for (const { path, ready } of tapPages(deviceId)) {
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
    await settled(page);
    const small = [...(await smallTapTargets(page)), ...(await swollenSwitches(page))];
    if (small.length) found[path] = small;
  }
  expect(found).toEqual({});
});

/** A switch grown to 44 px by its transparent borders, not by its track: a taller box drew the track as a block. */
async function swollenSwitches(page: Page): Promise<string[]> {
  return page.locator('main .ant-switch').evaluateAll((switches) =>
    switches.flatMap((one) => {
      const { height } = one.getBoundingClientRect();
      return height > 50 ? [`switch "${one.getAttribute('aria-label') ?? ''}" ${Math.round(height)} px tall`] : [];
    }),
  );
}

/**
 * Every shown control that something else covers where a thumb would tap it (its centre), as "what (under what)":
 * a row squeezed by a flex column once drew the device list's broker switch and column picker under its cards.
 * Only a centre inside the window and inside every scrolling box around the control counts (one scrolled out of
 * sight is not covered).
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="switch"], [role="combobox"]';
    const covered: string[] = [];
    for (const control of Array.from(document.querySelectorAll<HTMLElement>(controls))) {
      if (control.closest('[aria-hidden="true"], .cf-visually-hidden, .ant-drawer, .ant-dropdown, .ant-tooltip, .ant-select-dropdown')) continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(control).visibility === 'hidden') continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      let inSight = true;
      for (let up = control.parentElement; up && inSight; up = up.parentElement) {
        const { overflowX, overflowY } = getComputedStyle(up);
        if (!/auto|scroll|hidden/.test(overflowX + overflowY)) continue;
        const clip = up.getBoundingClientRect();
        inSight = x >= clip.left && x < clip.right && y >= clip.top && y < clip.bottom;
      }
      if (!inSight) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || control.contains(top) || top.contains(control)) continue;
      const name = (control.getAttribute('aria-label') ?? control.getAttribute('data-testid') ?? control.textContent ?? '').trim().slice(0, 30);
      const under = `${top.tagName.toLowerCase()}.${String(top.className).split(' ')[0]}`;
      covered.push(`${control.tagName.toLowerCase()} "${name}" (under ${under})`);
    }
    return covered;
  });
}

async function robotId(page: Page): Promise<number> {
  const answer = await signedCall<{ deviceId: number; deviceSerialNumber: string }[]>(page, '/api/device/selectAllDevice', {});
  const robot = answer.data.find((d) => d.deviceSerialNumber === ROBOT.serial);
  if (!robot) throw new Error(`no simulated robot ${ROBOT.serial}`);
  return robot.deviceId;
}

/** A phone's menu does not take the page's width: folded when the layout shows it beside the page. */
async function menuFolded(page: Page) {
  const toggle = page.getByTestId('menu-toggle');
  if ((await toggle.count()) && (await toggle.getAttribute('aria-expanded')) === 'true') await toggle.tap();
}

async function axeClean(page: Page, path: string) {
  // a button turning from disabled to enabled fades its colours for 0.2 s: axe read one mid-way (CI, twice) as a
  // contrast failure; without transitions it reads the colours the page settles on
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  expect(await axeProblems(page, 'main'), `axe on ${path}`).toEqual([]);
}

for (const phone of PHONES) {
  test(`every daily page fits a ${phone.width} px phone, as cards, axe clean`, async ({ page, context, baseURL }) => {
    await useLanguage(context, 'en', baseURL);
    await page.setViewportSize({ width: phone.width, height: phone.height });
    await signIn(page, '/index');
    await menuFolded(page);
    const deviceId = await robotId(page);
    for (const { path, ready } of dailyPages(deviceId)) {
      await page.goto(path);
      await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
      await settled(page);
      expect(await sidewaysOverflow(page), `sideways on ${path}`).toEqual([]);
      expect(await coveredControls(page), `covered on ${path}`).toEqual([]);
      await expect(page.locator('main .ant-table-content, main .ant-table-body'), `a table on ${path}`).toHaveCount(0);
      await axeClean(page, path);
      if (phone.name === '390') await page.screenshot({ path: `${SHOTS}/${phone.name}-en${path.split('?')[0]!.replaceAll('/', '_')}.png` });
    }
    await profileFits(page, phone.width);
  });
}

/** The profile dialog, from the user menu, fits the phone's width and is axe clean. */
async function profileFits(page: Page, width: number) {
  await page.getByTestId('user-menu').tap();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').last().getByRole('menuitem', { name: 'Edit profile' }).tap();
  const form = page.getByTestId('profile-form');
  await expect(form).toBeVisible();
  await settled(page);
  const dialog = page.getByRole('dialog').filter({ has: form });
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  expect(await axeProblems(page, '.ant-modal')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
}

test('by touch at 390 px: an alarm resolved, control taken, a task paused and cancelled', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await page.setViewportSize({ width: 390, height: 844 });
  await handMode(ROBOT.index, 0);
  await signIn(page, '/warn/index/warn');
  await menuFolded(page);
  const deviceId = await robotId(page);
  // the robot's banner is raised once it is connected (the robots come online a few seconds after the server)
  await expect
    .poll(async () => (await signedCall<{ online: number }>(page, '/api/device/selectDeviceByDeviceId', { deviceId })).data.online, { timeout: 60_000 })
    .toBe(1);
  await handMode(ROBOT.index, 1);
  try {
    await resolveAlarm(page);
  } finally {
    await handMode(ROBOT.index, 0);
  }
  await takeControl(page, deviceId);
  await withChargeToStart(() => pauseAndCancel(page, deviceId));
});

/**
 * A robot refuses to start a task at or below its go-home level plus 5 % (the simulator, as robots do: "battery too
 * low to start a task"), and robot 9 may have come home low from an earlier journey of its run (it was seen Charging,
 * the start refused): the go-home level is lowered to 5 % for the step, then put back.
 */
async function withChargeToStart(step: () => Promise<void>) {
  const path = 'api1/robot_params_set';
  const { params } = await robotCall<{ params: { back_battery: number } }>(ROBOT.index, 'api1/robot_params_get', {});
  await robotCall(ROBOT.index, path, { back_battery: 5 });
  try {
    await step();
  } finally {
    await robotCall(ROBOT.index, path, { back_battery: params.back_battery });
  }
}

/** The filters fold into a panel; the robot's manual-mode alarm is found by its serial and resolved on its card. */
async function resolveAlarm(page: Page) {
  await page.getByTestId('filters-toggle').tap();
  expect(await sidewaysOverflow(page), 'the open filter panel').toEqual([]);
  // a day is picked from one month that fits the screen (a range picker showed two side by side)
  await page.getByRole('textbox', { name: 'From day' }).tap();
  const month = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(month).toBeVisible();
  const box = (await month.boundingBox())!;
  expect(box.x >= 0 && box.x + box.width <= 390, `the picker's month ${box.x}..${box.x + box.width}`).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Serial number' }).fill(ROBOT.serial);
  await page.getByTestId('alarm-search').tap();
  const card = page.locator('[data-testid^="alarm-card-"]').filter({ hasText: 'Manual mode' }).filter({ hasText: 'Unresolved' }).first();
  await expect(async () => {
    await page.getByTestId('alarm-search').tap();
    await expect(card).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  const resolve = card.locator('[data-testid^="resolve-"]');
  const warnId = ((await resolve.getAttribute('data-testid')) ?? '').replace('resolve-', '');
  expect((await resolve.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  await resolve.tap();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Resolve the alarm of' });
  await expect(async () => {
    await dialog.getByRole('radio', { name: /^Dismiss/ }).check({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await settled(page);
  await page.getByTestId('confirm-resolve').tap();
  await expect(page.getByTestId(`alarm-state-${warnId}`)).toContainText('Resolved');
}

/** Remote control: take control for the default time by touch, then release it. */
async function takeControl(page: Page, deviceId: number) {
  await page.goto(`/device_control/index?deviceId=${deviceId}`);
  await expect(page.getByTestId('lease-bar')).toHaveAttribute('data-status', 'free', { timeout: 30_000 });
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.getByTestId('lease-take').tap();
  await expect(page.getByTestId('lease-holder')).toHaveText('You control this robot');
  await pinchTheMap(page);
  await page.getByTestId('lease-release').tap();
  await expect(page.getByTestId('lease-bar')).toHaveAttribute('data-status', 'free');
}

/** Two fingers spread on the live map zoom it (real touch events); "Fit" shows the whole map again. */
async function pinchTheMap(page: Page) {
  const map = page.getByTestId('live-map');
  await expect(map).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
  const canvas = map.locator('.cf-remote-map__canvas');
  await canvas.scrollIntoViewIfNeeded();
  await expect(canvas).toHaveAttribute('data-zoom', '1.00');
  const box = (await canvas.locator('canvas').first().boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const touch = await page.context().newCDPSession(page);
  const fingers = (spread: number) => [
    { x: x - spread, y, id: 1 },
    { x: x + spread, y, id: 2 },
  ];
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (const spread of [30, 40, 50, 60]) await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(async () => Number(await canvas.getAttribute('data-zoom'))).toBeGreaterThan(2);
  await page.getByTestId('map-fit').tap();
  await expect(canvas).toHaveAttribute('data-zoom', '1.00');
}

/** The task list: start a task on its card, pause it, then cancel it after its question. */
async function pauseAndCancel(page: Page, deviceId: number) {
  await page.goto(`/device/taskList?deviceId=${deviceId}`);
  await expect(page.getByTestId('live-task')).toHaveText('No task running', { timeout: 30_000 });
  const start = page.locator('[data-testid^="start-"]').first();
  await expect(start).toBeVisible({ timeout: 20_000 });
  await start.tap();
  const anyway = page.getByRole('button', { name: 'Run anyway' });
  const refused = page.locator('.ant-message-error');
  await expect(page.getByTestId('live-state').filter({ hasText: 'Working' }).or(anyway).or(refused)).toBeVisible({ timeout: 20_000 });
  expect(await refused.count(), `the start refused: ${await refused.allInnerTexts()}`).toBe(0);
  if (await anyway.isVisible()) await anyway.tap();
  await expect(page.getByTestId('live-state')).toHaveText('Working', { timeout: 20_000 });
  const pause = page.getByTestId('task-pause');
  expect((await pause.boundingBox())?.height).toBeGreaterThanOrEqual(40);
  await pause.tap();
  await expect(page.getByTestId('live-state')).toHaveText('Paused', { timeout: 20_000 });
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.getByTestId('task-cancel-all').tap();
  const question = page.getByRole('tooltip').filter({ hasText: 'Cancel all tasks of' });
  await question.getByRole('button', { name: 'Cancel all tasks' }).tap();
  await expect(page.getByTestId('live-task')).toHaveText('No task running', { timeout: 30_000 });
}

test('screenshots at 390x844 in zh-CN', async ({ page, context, baseURL }) => {
  await useLanguage(context, 'zh-CN', baseURL);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/index');
  await menuFolded(page);
  const deviceId = await robotId(page);
  for (const { path, ready } of dailyPages(deviceId)) {
    await page.goto(path);
    await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 });
    await settled(page);
    expect(await sidewaysOverflow(page), `sideways on ${path}`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/390-zh-CN${path.split('?')[0]!.replaceAll('/', '_')}.png` });
  }
});
