/**
 * A phone that works without signal (issue 53 items 5-6), in Chromium at 390x844 with the console's service worker
 * allowed (the other journeys block it): dealerA's site staff open the field kit with signal, so the worker keeps
 * its chunk and the page keeps its snapshot in IndexedDB; then the browser goes offline and the page is reloaded:
 * the shell comes from the worker and the snapshot from the phone, its age shown ("as of 12 minutes ago": the kept
 * copy is made that old). Offline, an incident is acknowledged and another one too (queued, "Waiting for signal"),
 * and a robot command on the remote control page is refused at once with the reason (never queued). Meanwhile
 * another person resolves the second incident through the API. Back online, the first acknowledgement lands (the
 * incident reads acknowledged, by the API too) and the second is refused with who acted first. Then at 1440x900 a
 * supervisor marks a window of plan against actual's day view cleaned by hand and undoes it, and the field kit reads
 * right to left in Arabic with nothing serious for axe. Robots 2 and 8
 * (CF2-0002, CF2-0008: Airport Terminal 2's) are made stuck and freed again; their incidents end resolved; the plan
 * item made for the desk part is deleted. Screenshots land in FIELD_SHOTS (default e2e-artifacts/field).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ARTIFACTS, axeProblems, openInConsole, robotCall, savedSession, settled, signedCall, signIn, useLanguage } from './helpers';
import { JOURNEY_MOTION } from './ports';

test.use({ storageState: savedSession('dealerA'), serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const FIRST = { index: 2, serial: 'CF2-0002' };
const SECOND = { index: 8, serial: 'CF2-0008' };
const SHOTS = process.env.FIELD_SHOTS ?? `${ARTIFACTS}/field`;

interface Envelope<T> {
  message: { code: number; message: string };
  data: T;
}

async function ok<T>(answer: Promise<Envelope<T>>, what: string): Promise<T> {
  const { message, data } = await answer;
  expect(message.code, `${what}: ${message.message}`).toBe(0);
  return data;
}

interface Incident {
  incidentId: number;
  deviceSerialNumber: string;
  state: string;
  acknowledgedBy: string | null;
}

/** The robot's active incident, once its stuck alarm has opened one. */
async function activeIncident(page: Page, serial: string): Promise<Incident> {
  let found: Incident | undefined;
  await expect
    .poll(async () => {
      const page1 = await ok(signedCall<{ list: Incident[] }>(page, '/api/incident/list', { state: ['open', 'acknowledged'], pageSize: 100 }), 'incidents');
      found = page1.list.find((incident) => incident.deviceSerialNumber === serial);
      return found !== undefined;
    }, { timeout: 60_000 })
    .toBe(true);
  return found!;
}

/** An open incident of the robot: stuck through its own web API, then freed (the incident stays until a person acts). */
async function openIncident(page: Page, robot: { index: number; serial: string }): Promise<Incident> {
  await robotCall(robot.index, 'api2/sim_stuck', {});
  try {
    return await activeIncident(page, robot.serial);
  } finally {
    await robotCall(robot.index, 'api2/sim_free', {});
  }
}

/** A page of another person (the admin), with signal whatever this phone's. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: savedSession('admin'), serviceWorkers: 'block', reducedMotion: JOURNEY_MOTION });
  const page = await context.newPage();
  await page.goto('/api/health');
  return page;
}

/** The kept snapshot made `minutes` older, as if the phone had last had signal then. */
async function ageKeptSnapshot(page: Page, minutes: number) {
  await page.evaluate(async (back) => {
    const db = await new Promise<IDBDatabase>((done, fail) => {
      const request = indexedDB.open('cleanfleet-field');
      request.addEventListener('success', () => done(request.result));
      request.addEventListener('error', () => fail(request.error));
    });
    const store = db.transaction('snapshots', 'readwrite').objectStore('snapshots');
    const all = await new Promise<{ snapshot: { generatedAt: string }; savedAt: number }[]>((done) => {
      const request = store.getAll();
      request.addEventListener('success', () => done(request.result as never));
    });
    for (const kept of all) {
      const then = Date.now() - back * 60_000;
      store.put({ ...kept, savedAt: then, snapshot: { ...kept.snapshot, generatedAt: new Date(then).toISOString() } });
    }
    await new Promise((done) => store.transaction.addEventListener('complete', done));
    db.close();
  }, minutes);
}

/**
 * A plan item of the demo site with a window all of today (on the site's clock) for a task no robot runs: it stays
 * pending, so it can be marked cleaned by hand. The journey deletes it at its end.
 */
async function journeyWindow(page: Page, siteName: string, areaName: string): Promise<{ siteId: number; planItemId: number }> {
  const sites = await ok(signedCall<{ siteId: number; siteName: string }[]>(page, '/api/site/options', {}), 'sites');
  const site = sites.find((s) => s.siteName === siteName)!;
  const detail = await ok(signedCall<{ buildings: { floors: { floorId: number }[] }[] }>(page, '/api/site/detail', { siteId: site.siteId }), 'site');
  const today = await ok(signedCall<{ start: string }>(page, '/api/site/actual/detail', { siteId: site.siteId, period: 'day' }), 'today');
  const item = await ok(
    signedCall<{ planItemId: number }>(page, '/api/site/plan/insert', {
      siteId: site.siteId,
      floorId: detail.buildings[0]!.floors[0]!.floorId,
      areaName,
      taskName: 'Journey hand clean',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      windowStart: '00:00',
      windowEnd: '24:00',
      validFrom: today.start,
    }),
    'plan item',
  );
  return { siteId: site.siteId, planItemId: item.planItemId };
}

function queued(page: Page, kind: string) {
  return page.getByTestId('field-queue').getByTestId(`queued-${kind}`);
}

async function toast(page: Page, text: string) {
  await expect(page.locator('.ant-message-notice').filter({ hasText: text }).last()).toBeVisible();
}

test('the field kit reads offline, queues acknowledgements, lands one and explains the refused one; robot commands are refused offline', async ({ page, context, browser, baseURL }) => {
  await useLanguage(context, 'en', baseURL);
  await signIn(page, '/index', 'dealerA');
  const first = await openIncident(page, FIRST);
  const second = await openIncident(page, SECOND);
  const admin = await adminPage(browser);
  const devices = await ok(signedCall<{ deviceId: number; deviceSerialNumber: string }[]>(page, '/api/device/selectAllDevice', {}), 'robots');
  const robotId = devices.find((device) => device.deviceSerialNumber === FIRST.serial)!.deviceId;
  const item = await journeyWindow(page, 'Airport Terminal 2', 'Car park level -2');
  try {
    // the worker takes over (a reload after it registered), so what the pages fetch from now on is kept
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // with signal: remote control of the first robot (its tab stays), then the field kit and its snapshot
    await openInConsole(page, `/device_control/index?deviceId=${robotId}`);
    await expect(page.getByTestId('lease-bar')).toHaveAttribute('data-status', 'free', { timeout: 30_000 });
    await openInConsole(page, '/site/field');
    const field = page.getByTestId('field-page');
    await expect(field.getByTestId(`field-incident-${first.incidentId}`)).toBeVisible({ timeout: 30_000 });
    await expect(field.getByTestId(`field-incident-${second.incidentId}`)).toBeVisible();
    await expect(field.getByTestId('field-age')).toHaveText('Up to date: as of just now.');
    expect(await axeProblems(page), 'axe on the field kit').toEqual([]);

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    // a robot command offline: refused on the spot, with the reason; nothing waits to move the robot later
    await openInConsole(page, `/device_control/index?deviceId=${robotId}`);
    await page.getByTestId('lease-take').click();
    await toast(page, 'No connection: commands to robots are never queued for later');
    await expect(page.getByTestId('lease-bar')).toHaveAttribute('data-status', 'free');
    await page.screenshot({ path: `${SHOTS}/robot-command-offline-390-en.png` });

    // the phone lost signal 12 minutes ago: a reload comes from the worker and the phone's copy
    await ageKeptSnapshot(page, 12.5);
    await page.goto('/site/field');
    await expect(field.getByTestId('field-age')).toHaveText('Offline: showing the copy kept on this phone, as of 12 minutes ago.', { timeout: 30_000 });
    await expect(field.getByTestId(`field-incident-${first.incidentId}`)).toContainText('Path replanning failed');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/snapshot-offline-390-en.png`, fullPage: true });

    // two acknowledgements queued without signal
    for (const incident of [first, second]) {
      await field.getByTestId(`field-incident-${incident.incidentId}`).getByTestId('field-ack').click();
      await toast(page, 'Kept on this phone: it is sent when the connection returns.');
      await expect(field.getByTestId(`field-incident-${incident.incidentId}`).getByTestId('incident-queued')).toHaveText('Waiting to be sent');
    }
    // a window of today's plan cleaned by hand, queued with a note
    await field.getByRole('button', { name: 'Today’s plan' }).click();
    const window = field.getByTestId(`field-window-${item.planItemId}`);
    await expect(window.getByTestId('window-state')).toHaveText(['Pending']);
    await window.getByTestId('field-by-hand').click();
    await page.getByTestId('field-by-hand-form-text').fill('Swept by hand: the robot could not take the ramp');
    await page.locator('.ant-modal-wrap:visible .ant-modal').getByRole('button', { name: 'Mark cleaned' }).click();
    await expect(queued(page, 'byHand').getByTestId('queued-state')).toHaveText('Waiting for signal');
    await expect(queued(page, 'acknowledge')).toHaveCount(2);
    await expect(queued(page, 'acknowledge').getByTestId('queued-state')).toHaveText(['Waiting for signal', 'Waiting for signal']);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/queue-waiting-390-en.png`, fullPage: true });

    // meanwhile someone else resolves the second incident
    await ok(signedCall(admin, '/api/incident/resolve', { incidentId: second.incidentId, cause: 'stuck', note: 'Freed on site' }), 'resolve');

    await context.setOffline(false);
    const landed = queued(page, 'acknowledge').and(page.locator('[data-state="sent"]'));
    const refused = queued(page, 'acknowledge').and(page.locator('[data-state="refused"]'));
    await expect(landed).toHaveCount(1, { timeout: 30_000 });
    await expect(refused).toHaveCount(1);
    await expect(landed).toContainText(FIRST.serial.slice(-2));
    await expect(refused.getByTestId('queued-reason')).toContainText('Someone acted first while you were offline:');
    await expect(refused.getByTestId('queued-reason')).toContainText(`Incident ${second.incidentId} already ended at`);
    await expect(field.getByTestId('field-age')).toHaveText('Up to date: as of just now.', { timeout: 30_000 });
    await expect(field.getByTestId(`field-incident-${first.incidentId}`)).toContainText('Acknowledged by Harbour Cleaning Co.');
    await expect(field.getByTestId(`field-incident-${second.incidentId}`)).toHaveCount(0);
    await expect(queued(page, 'byHand')).toHaveAttribute('data-state', 'sent');
    await expect(window.getByTestId('window-state')).toHaveText(['Done · Cleaned by hand']);
    await expect(window).toContainText('Cleaned by hand by Harbour Cleaning Co.');
    const after = await ok(signedCall<{ incident: Incident }>(page, '/api/incident/detail', { incidentId: first.incidentId }), 'detail');
    expect(after.incident.state).toBe('acknowledged');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/queue-landed-390-en.png`, fullPage: true });
    expect(await axeProblems(page), 'axe on the queue').toEqual([]);

    // the refusal read, it is dismissed; the sent one cleared
    await refused.getByTestId('queued-dismiss').click();
    await page.getByTestId('queue-clear').click();
    await expect(page.getByTestId('field-queue')).toHaveCount(0);

    // the same page in Chinese (the default language), with signal
    await useLanguage(context, 'zh-CN', baseURL);
    await page.reload();
    await expect(field.getByTestId('field-age')).toHaveText(/^已是最新：/, { timeout: 30_000 });
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/field-390-zh-CN.png`, fullPage: true });
  } finally {
    await context.setOffline(false);
    for (const incident of [first, second]) {
      await signedCall(admin, '/api/incident/resolve', { incidentId: incident.incidentId, cause: 'stuck', note: 'journey' });
    }
    await admin.context().close();
    await signedCall(page, '/api/site/plan/delete', { planItemId: item.planItemId });
  }
});

test.describe('on a desk', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, serviceWorkers: 'block' });

  test('a window of plan against actual’s day view is marked cleaned by hand and undone', async ({ page, context, baseURL }) => {
    await useLanguage(context, 'en', baseURL);
    await signIn(page, '/index', 'dealerA');
    const item = await journeyWindow(page, 'City Hospital', 'Journey corridor');
    try {
      await page.goto(`/site/actual?siteId=${item.siteId}`);
      const row = page.getByTestId('actual-runs').locator('tr').filter({ hasText: 'Journey corridor' });
      await expect(row).toContainText('Pending', { timeout: 30_000 });
      await row.getByTestId('by-hand-mark').click();
      const form = page.getByTestId('by-hand-form');
      await form.getByTestId('by-hand-note').fill('Mopped by the night team: the robot was in the lift');
      await page.locator('.ant-modal-wrap:visible .ant-modal').getByRole('button', { name: 'Mark cleaned' }).click();
      await toast(page, 'Window marked cleaned by hand.');
      await expect(row.getByTestId('by-hand-tag')).toHaveText('Cleaned by hand');
      await expect(row).toContainText('Done');
      await expect(row).toContainText('Cleaned by hand by Harbour Cleaning Co. at');
      await expect(row).toContainText('“Mopped by the night team: the robot was in the lift”');
      await settled(page);
      await page.getByTestId('actual-runs').screenshot({ path: `${SHOTS}/plan-actual-by-hand-1440-en.png` });
      await row.getByTestId('by-hand-undo').click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Undo' }).click();
      await expect(row).toContainText('Pending');
      await expect(row.getByTestId('by-hand-mark')).toBeVisible();
    } finally {
      await signedCall(page, '/api/site/plan/delete', { planItemId: item.planItemId });
    }

    // the field kit on a desk, in Arabic (right to left): nothing serious for axe
    await useLanguage(context, 'ar', baseURL);
    await page.goto('/site/field');
    await expect(page.getByTestId('field-age')).toHaveText(/^محدّث: /, { timeout: 30_000 });
    await settled(page);
    expect(await axeProblems(page), 'axe on the field kit in Arabic').toEqual([]);
    await page.screenshot({ path: `${SHOTS}/field-1440-ar.png` });
  });
});
