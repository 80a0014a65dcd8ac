/**
 * The wall display and the device map against the real server (demo fleet and simulated robots): the
 * header's big-screen link opens /bigScreen, whose counts are the server's answer and whose maps are
 * drawn; the device map shows markers and a robot's card after picking it in the list beside the map.
 * Screenshots at 1920×1080 (and 1366×768) in zh-CN and en land in e2e-artifacts/.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ARTIFACTS, DEMO_PASSWORD, handMode, savedSession, settled, signIn, useLanguage } from './helpers';

// Starts signed in as the admin (saved once per run); other accounts sign in through the form.
test.use({ storageState: savedSession('admin') });

interface Summary {
  counts: { total: number; online: number; offline: number; working: number; charging: number };
  openAlarms: number;
  latestAlarms: unknown[];
}

/**
 * Opens the wall from the header link; answers its page, the first summary it was given and the latest
 * one (the wall asks again after live events, so what it shows follows the latest answer).
 */
async function openWall(context: BrowserContext, page: Page): Promise<{ wall: Page; data: Summary; latest: () => Summary }> {
  let latest: Summary | null = null;
  context.on('response', (r) => {
    if (!r.url().includes('/api/screen/summary') || !r.ok()) return;
    void r.json().then(
      (body: { data: Summary }) => (latest = body.data),
      () => undefined,
    );
  });
  const answer = context.waitForEvent('response', (r) => r.url().includes('/api/screen/summary') && r.ok());
  const [wall] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: /big screen|大屏/i }).click()]);
  const data = ((await (await answer).json()) as { data: Summary }).data;
  await expect(wall).toHaveURL(/\/bigScreen$/);
  return { wall, data, latest: () => latest ?? data };
}

/** The wall shows the counts of the server's latest answer. */
async function expectCounts(wall: Page, latest: () => Summary) {
  await expect
    .poll(
      async () => {
        const data = latest();
        const expected = {
          total: data.counts.total,
          online: data.counts.online,
          working: data.counts.working,
          charging: data.counts.charging,
          offline: data.counts.offline,
          alarms: data.openAlarms,
        };
        for (const [key, value] of Object.entries(expected)) {
          const shown = await wall.getByTestId(`kpi-${key}`).getAttribute('data-value');
          if (shown !== String(value)) return `${key}: ${shown} shown, ${value} answered`;
        }
        return 'as answered';
      },
      { timeout: 15_000 },
    )
    .toBe('as answered');
}

async function expectMapsDrawn(wall: Page) {
  for (const id of ['wall-world-chart', 'wall-china-chart', 'wall-area-chart']) {
    await expect(wall.getByTestId(id).locator('canvas').first(), id).toBeVisible();
  }
}

test('the header link opens the wall with the server’s counts, maps and alarms', async ({ context, page, baseURL }) => {
  test.setTimeout(90_000); // a server warming up, two windows and screenshots at two sizes
  await useLanguage(context, 'en', baseURL);
  await signIn(page, '/index');
  const { wall, data, latest } = await openWall(context, page);
  expect(data.counts.total).toBeGreaterThan(30); // the demo fleet and the simulated robots
  await expectCounts(wall, latest);
  expect(data.counts.online + data.counts.offline).toBe(data.counts.total);
  await expectMapsDrawn(wall);
  await expect(wall.getByTestId('rank-countries').locator('li')).not.toHaveCount(0);
  await expect(wall.getByTestId('wall-alarm').first()).toBeVisible();
  await expect(wall.getByTestId('wall-status')).toContainText('Updated');

  await wall.setViewportSize({ width: 1920, height: 1080 });
  await settled(wall); // charts redraw at the new size
  await wall.screenshot({ path: `${ARTIFACTS}/screen-wall-1920-en.png` });
  await wall.setViewportSize({ width: 1366, height: 768 });
  await settled(wall);
  await wall.screenshot({ path: `${ARTIFACTS}/screen-wall-1366-en.png` });
});

test('a dealer’s wall counts only its own branch, in Chinese', async ({ context, page, baseURL }) => {
  test.setTimeout(90_000);
  await useLanguage(context, 'zh-CN', baseURL);
  await signIn(page, '/index', 'dealerA', DEMO_PASSWORD);
  const { wall, latest } = await openWall(context, page);
  await expectCounts(wall, latest);
  // dealerA's branch: its showroom and its customers' sites, all in China (Paris and Singapore are dealerB's)
  await expect(wall.getByTestId('rank-countries').locator('li')).toHaveCount(1);
  await expectMapsDrawn(wall);
  await wall.setViewportSize({ width: 1920, height: 1080 });
  await settled(wall);
  await wall.screenshot({ path: `${ARTIFACTS}/screen-wall-1920-zh-CN.png` });
});

test('the wall follows the live push: a robot’s alarm shows within seconds, in Chinese, on the console’s one socket', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await useLanguage(context, 'zh-CN', baseURL);
  await signIn(page, '/index');
  // the wall alone in a window of its own (no layout): it opens the socket itself
  const wall = await context.newPage();
  const sockets: { closed: () => boolean }[] = [];
  let helloAt = 0;
  let alarmAt = 0;
  let frames = 0;
  wall.on('websocket', (ws) => {
    sockets.push({ closed: () => ws.isClosed() });
    ws.on('framereceived', ({ payload }) => {
      frames += 1;
      const text = typeof payload === 'string' ? payload : payload.toString();
      if (text.includes('"hello"')) helloAt = Date.now();
      // an alarms event (devices events carry an `alarms` list too)
      if (!alarmAt && /"type":\s*"alarms"/.test(text) && text.includes('CF3-0005')) alarmAt = Date.now();
    });
  });
  await wall.setViewportSize({ width: 1920, height: 1080 });
  await wall.goto('/bigScreen');
  await expect(wall.getByTestId('wall-status')).toContainText('更新');
  await expect.poll(() => helloAt, { timeout: 20_000 }).toBeGreaterThan(0);
  await handMode(5, 1);
  try {
    await expect.poll(() => alarmAt, { timeout: 45_000 }).toBeGreaterThan(0);
    // the safety poll is 30 s: the row within a few seconds of the event came from the live push
    const row = wall.getByTestId('wall-alarm').filter({ has: wall.locator('[title="CF3-0005"]') }).filter({ hasText: '手动模式' }).first();
    await expect(row).toBeVisible({ timeout: 4_000 });
    await expect(row).not.toContainText('manual mode'); // the catalogue's text, not the robot's English
    await settled(wall); // the charts settle
    await wall.screenshot({ path: `${ARTIFACTS}/screen-wall-live-alarm-zh-CN.png` });
  } finally {
    await handMode(5, 0);
  }
  // back to the console in the same window: the layout takes the wall's socket over, no second one
  await wall.getByRole('link', { name: '返回' }).click();
  await expect(wall).toHaveURL(/\/index$/);
  await expect(wall.getByText('实时', { exact: true })).toBeVisible(); // the index page's live tag: connected
  // the layout uses the one socket: it goes on receiving (the robots' updates) and no other was opened
  const received = frames;
  await expect.poll(() => frames, { timeout: 20_000 }).toBeGreaterThan(received);
  expect(sockets).toHaveLength(1);
  expect(sockets[0]!.closed()).toBe(false);
});

for (const language of ['en', 'zh-CN'] as const) {
  test(`the device map shows markers and a robot’s card from the list (${language})`, async ({ context, page, baseURL }) => {
    await useLanguage(context, language, baseURL);
    await page.setViewportSize({ width: 1600, height: 900 });
    await signIn(page, '/device/deviceAmap');
    const map = page.getByTestId('device-map');
    await expect(map.locator('canvas').first()).toBeVisible();
    await expect.poll(async () => Number(await map.getAttribute('data-markers'))).toBeGreaterThan(30);
    await settled(page); // fitted to every robot
    await page.screenshot({ path: `${ARTIFACTS}/screen-device-map-all-${language}.png` });

    const first = page.getByTestId('map-list-located').getByRole('button').first();
    const name = (await first.locator('.cf-map-robot__name').textContent()) ?? '';
    await first.click();
    const popup = page.getByTestId('device-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(name);
    await expect(popup.getByTestId('device-popup-link')).toHaveAttribute('href', /\/device\/info\?deviceId=\d+/);
    await settled(page);
    await page.screenshot({ path: `${ARTIFACTS}/screen-device-map-${language}.png` });

    // filtering by a state keeps only those robots in the list
    await page.getByTestId('state-filter-offline').click();
    const states = await page.getByTestId('map-list-located').locator('.cf-map-robot__state').allTextContents();
    expect(new Set(states).size).toBeLessThanOrEqual(1);
    await page.getByTestId('fit-all').click();
  });
}
