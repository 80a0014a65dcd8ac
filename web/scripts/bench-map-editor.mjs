#!/usr/bin/env node
/**
 * The map editor on a 4,000 × 4,000-cell map, in Debian's Chromium (issue 12).
 *
 * Starts the real server (fresh data folder, no simulated robots) serving a built console, signs in
 * as the admin and answers one robot's calls from a fixture (page.route): its record, the map list,
 * and through the relay (/relay?m=api2/...) the map's info and picture. The picture is a synthetic
 * occupancy grid made here (a floor plan: outer walls, corridors, rooms with doors, furniture, scan
 * noise and unseen corners; grey 205 unknown, 254 free, 0 occupied, as robots draw them) with a few
 * hundred flags, virtual walls, forbidden zones and free areas. Then it measures, with
 * requestAnimationFrame deltas:
 *
 *   - first draw: from the click on "Edit" until the editor has drawn the picture (first and second open);
 *   - pan: the stage dragged with the mouse across and back at a steady speed, whole map in view and zoomed in;
 *   - zoom: mouse-wheel steps (one every 16 ms) in and out around the cursor;
 *   - image transfers: how many times the picture went over the network for the list's thumbnail
 *     and two opens of the editor (goal: 1). page.route turns the browser's HTTP cache off, so this
 *     counts what the console itself keeps.
 *
 * Usage (from web/, after `npm run build` or an e2e build):
 *   node scripts/bench-map-editor.mjs [--dist dist] [--port 8878] [--cells 4000] [--json] [--profile]
 */
import { deflateSync, crc32 } from 'node:zlib';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  browserCpuMs,
  cpuPerFrame,
  installRecorder,
  launchChromium,
  printFrameTable,
  profiler,
  serverOptions,
  round,
  startRecording,
  startServer,
  stats,
  stopRecording,
} from './bench-browser.mjs';

const { values: args } = parseArgs({
  options: {
    ...serverOptions(8878),
    cells: { type: 'string', default: '4000' },
  },
});

const SIZE = Number(args.cells);
const RESOLUTION = 0.05;
const ORIGIN = [-(SIZE * RESOLUTION) / 2, -(SIZE * RESOLUTION) / 2, 0];
const MAP_NAME = 'bench floor 4000';
const VERSION = 7;
const DEVICE_ID = 9001;
const FRP_PORT = 29001;
/** Map rows kept free of drawn shapes: the pan drags start there, on the stage and not on a shape. */
const BAND = [SIZE / 2 - 120, SIZE / 2 + 120];

// ---------------------------------------------------------------- the picture

const UNKNOWN = 205;
const FREE = 254;
const OCCUPIED = 0;

/** A small seeded generator (mulberry32): the same map on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The floor plan as cells (row 0 at the top) and the rooms' rectangles [x0, y0, x1, y1]. */
function floorPlan() {
  const rnd = random(12);
  const cells = new Uint8Array(SIZE * SIZE).fill(UNKNOWN);
  const fill = (x0, y0, x1, y1, value) => {
    const ax = Math.max(0, Math.floor(x0));
    const bx = Math.min(SIZE, Math.ceil(x1));
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(SIZE, Math.ceil(y1)); y += 1) cells.fill(value, y * SIZE + ax, y * SIZE + bx);
  };
  const margin = Math.round(SIZE * 0.04);
  const wall = 6;
  fill(margin, margin, SIZE - margin, SIZE - margin, OCCUPIED);
  fill(margin + wall, margin + wall, SIZE - margin - wall, SIZE - margin - wall, FREE);
  // blocks between corridors (corridors 80 cells wide), each block split into rooms with doors
  const rooms = [];
  const blocks = 5;
  const span = (SIZE - 2 * margin) / blocks;
  for (let bx = 0; bx < blocks; bx += 1) {
    for (let by = 0; by < blocks; by += 1) {
      const x0 = margin + bx * span + 40;
      const y0 = margin + by * span + 40;
      const x1 = x0 + span - 80;
      const y1 = y0 + span - 80;
      fill(x0, y0, x1, y1, OCCUPIED);
      fill(x0 + 4, y0 + 4, x1 - 4, y1 - 4, FREE);
      // rooms: a few columns, each split in rows
      let rx = x0;
      while (rx < x1 - 60) {
        const rw = Math.min(x1 - rx, 120 + rnd() * 200);
        let ry = y0;
        while (ry < y1 - 60) {
          const rh = Math.min(y1 - ry, 100 + rnd() * 220);
          rooms.push([rx + 4, ry + 4, rx + rw - 4, ry + rh - 4]);
          if (ry + rh < y1 - 4) fill(rx, ry + rh - 2, rx + rw, ry + rh + 2, OCCUPIED);
          ry += rh;
        }
        if (rx + rw < x1 - 4) fill(rx + rw - 2, y0, rx + rw + 2, y1, OCCUPIED);
        rx += rw;
      }
      // doors: gaps onto the corridors and between rooms
      for (const [a, b, c, d] of rooms.slice(-40)) {
        const dx = a + (c - a) * (0.2 + rnd() * 0.5);
        fill(dx, b - 6, dx + 28, b + 2, FREE);
        const dy = b + (d - b) * (0.2 + rnd() * 0.5);
        fill(a - 6, dy, a + 2, dy + 28, FREE);
      }
    }
  }
  // furniture, unseen patches behind it, and scan noise
  for (const [a, b, c, d] of rooms) {
    for (let i = 0; i < 3; i += 1) {
      const w = 10 + rnd() * 40;
      const h = 10 + rnd() * 30;
      const x = a + 10 + rnd() * Math.max(1, c - a - w - 20);
      const y = b + 10 + rnd() * Math.max(1, d - b - h - 20);
      fill(x, y, x + w, y + h, OCCUPIED);
      if (rnd() < 0.3) fill(x + w, y, x + w + 8 + rnd() * 20, y + h, UNKNOWN);
    }
  }
  for (let i = 0; i < SIZE * 40; i += 1) {
    const x = Math.floor(rnd() * SIZE);
    const y = Math.floor(rnd() * SIZE);
    if (cells[y * SIZE + x] === FREE) cells[y * SIZE + x] = rnd() < 0.7 ? OCCUPIED : UNKNOWN;
  }
  return { cells, rooms };
}

/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit greyscale PNG (colour type 0, no filter) of width × height cells. */
function png(cells, width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y += 1) raw.set(cells.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- the drawing

const metres = ([px, py]) => [round((ORIGIN[0] + px * RESOLUTION) * 10) / 10, round((ORIGIN[1] + (SIZE - py) * RESOLUTION) * 10) / 10];

/** A point in a room (fractions of its inner width and height), in cells. */
const inside = ([a, b, c, d], fx, fy) => [a + 10 + (c - a - 20) * fx, b + 10 + (d - b - 20) * fy];

/** A rectangle in a room, in metres. */
const rect = (room, fx0, fy0, fx1, fy1) =>
  [inside(room, fx0, fy0), inside(room, fx1, fy0), inside(room, fx1, fy1), inside(room, fx0, fy1)].map(metres);

/** Flags, virtual walls, forbidden zones and free areas in the rooms (none crossing the pan band). */
function drawing(rooms) {
  const rnd = random(34);
  const usable = rooms.filter(([, b, , d]) => d < BAND[0] || b > BAND[1]).filter(([a, b, c, d]) => c - a > 60 && d - b > 60);
  const pick = (i) => usable[(i * 7919) % usable.length];
  const flags = [];
  const walls = [];
  const zones = [];
  const erasers = [];
  for (let i = 0; i < 200; i += 1) {
    const [x, y] = metres(inside(pick(i), 0.3 + rnd() * 0.4, 0.3 + rnd() * 0.4));
    flags.push({ name: `Point ${i + 1}`, x, y, yaw: 0, type: i === 0 ? 1 : [0, 2, 3][i % 3] });
  }
  for (let i = 0; i < 150; i += 1) {
    const room = pick(i + 300);
    walls.push([inside(room, 0.1, 0.1 + rnd() * 0.8), inside(room, 0.5, rnd()), inside(room, 0.9, 0.1 + rnd() * 0.8)].map(metres));
  }
  for (let i = 0; i < 100; i += 1) zones.push(rect(pick(i + 600), 0.05, 0.05, 0.35 + rnd() * 0.2, 0.3 + rnd() * 0.2));
  for (let i = 0; i < 50; i += 1) erasers.push(rect(pick(i + 900), 0.6, 0.6, 0.95, 0.95));
  return { flags, walls, zones, erasers };
}

function fixture() {
  const started = Date.now();
  const { cells, rooms } = floorPlan();
  const picture = png(cells, SIZE, SIZE);
  const shapes = drawing(rooms);
  const free = cells.reduce((n, v) => n + (v === FREE ? 1 : 0), 0);
  const info = {
    code: 0,
    msg: 'ok',
    map_name: MAP_NAME,
    resolution: RESOLUTION,
    origin: ORIGIN,
    width: SIZE,
    height: SIZE,
    size_m: [SIZE * RESOLUTION, SIZE * RESOLUTION],
    area: round(free * RESOLUTION * RESOLUTION),
    floor: 1,
    building: 'Bench',
    version: VERSION,
    image_url: `api2/image/${encodeURIComponent(MAP_NAME)}.png`,
    current: 1,
    flags: shapes.flags,
    virlines_wall: shapes.walls,
    forbidden_zone: shapes.zones,
    free_area: shapes.erasers,
  };
  const record = {
    id: 1,
    deviceId: DEVICE_ID,
    mapName: MAP_NAME,
    area: info.area,
    width: SIZE,
    height: SIZE,
    resolution: RESOLUTION,
    origin: ORIGIN.slice(0, 2),
    sizeM: info.size_m,
    version: VERSION,
    current: true,
    inUse: [],
    floor: 1,
    building: 'Bench',
    imagePath: `api2/image/${encodeURIComponent(MAP_NAME)}.png?v=${VERSION}`,
    changedAt: '2026-11-22T08:00:00Z',
    refreshedAt: '2026-11-22T08:00:00Z',
  };
  const robot = {
    deviceId: DEVICE_ID,
    deviceSerialNumber: 'BENCHMAP01',
    deviceCode: 'Bench floor robot',
    deviceType: 1,
    typeName: 'CleanBot S1',
    frpPort: FRP_PORT,
    protocolVersion: 3,
    online: 1,
  };
  return { picture, info, record, robot, shapes, ms: Date.now() - started };
}

// ---------------------------------------------------------------- the run

const envelope = (data) => ({ message: { code: 0, message: 'Success' }, data });

async function routeRobot(page, data, transfers) {
  await page.route('**/api/device/selectAllDevice', (route) => route.fulfill({ json: envelope([data.robot]) }));
  await page.route('**/api/device/selectDeviceByDeviceId', (route) => route.fulfill({ json: envelope(data.robot) }));
  await page.route('**/api/map/selectMap', (route) =>
    route.fulfill({ json: envelope({ deviceId: DEVICE_ID, online: true, refreshed: true, list: [data.record] }) }),
  );
  await page.route(
    (url) => url.pathname === '/relay',
    (route) => {
      const robotPath = new URL(route.request().url()).searchParams.get('m') ?? '';
      if (robotPath === 'api2/map_info') return route.fulfill({ json: data.info });
      if (robotPath.startsWith('api2/image/')) {
        transfers.push(robotPath);
        return route.fulfill({
          body: data.picture,
          contentType: 'image/png',
          headers: { 'Cache-Control': 'private, max-age=31536000, immutable' },
        });
      }
      return route.fulfill({ json: { code: 0, msg: 'ok' } });
    },
  );
}

/** Clicks "Edit" and times until the editor has drawn the picture (two frames after it loaded). */
async function openEditor(page) {
  const start = await page.evaluate(() => performance.now());
  await page.getByTestId('map-edit').click();
  const editor = page.getByTestId('map-editor');
  await editor.waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="map-editor"]')?.getAttribute('data-loaded') === 'true', null, {
    polling: 'raf',
    timeout: 60_000,
  });
  const drawn = await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))));
  return Math.round(drawn - start);
}

async function settle(page) {
  await page.evaluate(() => new Promise((r) => setTimeout(r, 400)));
}

/** Runs `act` while recording frames; stats, long tasks and browser CPU per frame. */
async function measure(page, profile, label, act) {
  await profile.start();
  const cpuBefore = browserCpuMs();
  await page.evaluate(startRecording);
  await act();
  const recorded = await page.evaluate(stopRecording);
  await profile.stop(label);
  return { ...stats(recorded.frames), longTasks: recorded.longTasks.length, cpuMsPerFrame: cpuPerFrame(cpuBefore, recorded.frames.length) };
}

const stageX = (page) => page.evaluate(() => window.Konva?.stages?.[0]?.x() ?? Number.NaN);

/**
 * Drags the stage from one side to the other and back at about 400 px a second (6 px every 16 ms);
 * checks that the drag moved the map (and not a shape).
 */
async function pan(page, box, y) {
  const left = box.x + 80;
  const right = box.x + box.width - 80;
  const before = await stageX(page);
  await page.mouse.move(left, y);
  await page.mouse.down();
  for (const [from, to] of [[left, right], [right, left]]) {
    const steps = Math.round(Math.abs(to - from) / 6);
    for (let i = 1; i <= steps; i += 1) {
      await page.mouse.move(from + ((to - from) * i) / steps, y);
      await page.waitForTimeout(16);
    }
    if (to === right && (await stageX(page)) - before < (right - left) / 2) throw new Error('the drag did not pan the map');
  }
  await page.mouse.up();
}

async function wheel(page, steps, deltaY) {
  for (let i = 0; i < steps; i += 1) {
    await page.mouse.wheel(0, deltaY);
    await page.waitForTimeout(16);
  }
}

async function main() {
  const data = fixture();
  const server = await startServer({
    port: args.port,
    dist: args.dist,
    password: args.password,
    server: args.server,
    name: 'bench-map',
    env: { CLEANFLEET_SIM_ROBOTS: '0' },
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    await context.addCookies([{ name: 'language', value: 'en', url: server.base }]);
    const page = await context.newPage();
    const transfers = [];
    await routeRobot(page, data, transfers);
    await page.addInitScript(installRecorder);
    await page.goto(`${server.base}/device/maplist?deviceId=${DEVICE_ID}`);
    await page.locator('#account').fill('admin');
    await page.locator('#password').fill(args.password);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('map-list-page').waitFor();
    if (!page.url().includes('deviceId=')) await page.goto(`${server.base}/device/maplist?deviceId=${DEVICE_ID}`);
    await page.getByTestId('map-thumb').waitFor({ timeout: 60_000 });

    const firstDrawMs = await openEditor(page);
    await settle(page);
    const profile = await profiler(context, page, args.profile);
    const box = await page.getByTestId('editor-stage').boundingBox();
    if (!box) throw new Error('no editor stage');
    // the fitted map fills the stage's height: its middle row (the shape-free band) is the stage's middle
    const middle = box.y + box.height / 2;
    const results = {};

    results.panFit = await measure(page, profile, 'pan, whole map', () => pan(page, box, middle));
    await settle(page);
    await page.getByRole('button', { name: 'Fit' }).click();
    await settle(page);
    await page.mouse.move(box.x + Math.min(box.width, box.height) / 2, middle);
    results.zoom = await measure(page, profile, 'zoom', async () => {
      for (let i = 0; i < 2; i += 1) {
        await wheel(page, 16, -100);
        await wheel(page, 16, 100);
      }
    });
    await settle(page);
    await wheel(page, 10, -100); // about 6× the fitted scale: a cell is about 1 px
    await settle(page);
    results.panZoomed = await measure(page, profile, 'pan, zoomed in', () => pan(page, box, middle));
    await settle(page);

    const heapMb = await page.evaluate(() => Math.round(((performance.memory?.usedJSHeapSize ?? 0) / 1048576) * 10) / 10);
    await page.keyboard.press('Escape');
    await page.getByTestId('map-editor').waitFor({ state: 'detached' });
    const secondDrawMs = await openEditor(page);
    await page.keyboard.press('Escape');

    const report = {
      cells: `${SIZE} × ${SIZE}`,
      pictureKb: Math.round(data.picture.length / 1024),
      fixtureMs: data.ms,
      shapes: {
        flags: data.shapes.flags.length,
        walls: data.shapes.walls.length,
        zones: data.shapes.zones.length,
        erasers: data.shapes.erasers.length,
      },
      loadAverage: loadavg().map((v) => Math.round(v * 10) / 10),
      firstDrawMs,
      secondDrawMs,
      imageTransfers: transfers.length,
      heapMb,
      ...results,
    };
    if (args.json) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      const s = report.shapes;
      console.log(`map ${report.cells} cells, picture ${report.pictureKb} KB (made in ${report.fixtureMs} ms); ${s.flags} flags, ${s.walls} walls, ${s.zones} zones, ${s.erasers} free areas`);
      console.log(`machine load average: ${report.loadAverage.join(' / ')}; JS heap with the editor open: ${heapMb} MB`);
      console.log(`first draw after "Edit": ${firstDrawMs} ms (first open), ${secondDrawMs} ms (second open)`);
      console.log(`picture transfers for the thumbnail and two opens: ${report.imageTransfers} (goal 1)`);
      console.log('');
      printFrameTable([
        ['pan, whole map in view', results.panFit],
        ['zoom, wheel in and out', results.zoom],
        ['pan, zoomed in (1 cell ≈ 1 px)', results.panZoomed],
      ]);
    }
    if (report.imageTransfers !== 1) process.exitCode = 1;
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
