#!/usr/bin/env node
/**
 * Scrolling the device list with 10,000 rows loaded, in Debian's Chromium.
 *
 * Starts the real server (fresh data folder, demo data) serving a built console, signs in as the
 * admin, and answers the list call (/api/device/selectDevicePc) from a fixture of synthetic devices
 * so the page loads 10,000 rows through its own infinite scroll (30 a page). Then it scrolls and
 * reads frame timings from requestAnimationFrame deltas:
 *
 *   - smooth: the list scrolled from top to bottom at a steady speed (scrollTop per frame);
 *   - wheel: mouse-wheel steps of 100 px every 16 ms, as a user flicks through;
 *   - jump: 40 jumps to random places; time until the rows there are painted.
 *
 * Usage (from web/, after `npm run build` or an e2e build):
 *   node scripts/bench-device-scroll.mjs [--dist dist] [--rows 10000] [--port 8877] [--json]
 *   node scripts/bench-device-scroll.mjs --server http://127.0.0.1:8765   (a server already running)
 */
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
  startRecording,
  startServer,
  stats,
  stopRecording,
} from './bench-browser.mjs';

const { values: args } = parseArgs({
  options: {
    ...serverOptions(8877),
    rows: { type: 'string', default: '10000' },
    speed: { type: 'string', default: '3000' },
  },
});
const ROWS = Number(args.rows);
const PAGE_SIZE = 30;

// ---------------------------------------------------------------- fixture

const MODELS = ['CleanBot S1', 'CleanBot M2', 'DisinfectBot D3', 'LiftBot E1'];
const TASKS = ['Morning sweep', 'Edge clean', 'Disinfect corridors', 'Night scrub'];
const MAPS = ['Lobby', 'Level 1', 'Level 2', 'Car park', 'Ward A'];

function syntheticDevice(index) {
  // Newest first, as the server answers: index 0 has the highest id.
  const id = ROWS - index;
  const online = id % 10 < 7;
  const day = new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString();
  return {
    deviceId: id,
    deviceSerialNumber: `BENCH${String(id).padStart(6, '0')}`,
    deviceCode: `Bench robot ${id}`,
    deviceType: (id % 4) + 1,
    typeName: MODELS[id % 4],
    typeUrl: '',
    deviceUrl: '',
    userId: 1 + (id % 50),
    userName: `Customer ${id % 50}`,
    account: `user${id % 50}`,
    address: 'Bench street 1',
    address1: '',
    city: '',
    province: '',
    country: 'China',
    area: '',
    customerName: '',
    customerAddress: '',
    latitude: 31.2,
    longitude: 121.4,
    simNo: `8986${String(id).padStart(11, '0')}`,
    simSupport: id % 4,
    rackNumber: `SC${String(id % 10000).padStart(4, '0')}`,
    frpHost: 'frp.example',
    frpPort: 20000 + (id % 10000),
    sshPort: null,
    webPort: null,
    firmwareVersion: '2.3.1',
    softVersion: '1.20.0',
    padVersion: '1.8.0',
    hardDiskInfo: '',
    protocolVersion: 3,
    elevatorId: null,
    bootTime: online ? day : null,
    createTime: day,
    updateTime: day,
    online: online ? 1 : 0,
    battery: 15 + (id * 7) % 85,
    charging: online && id % 5 === 0 ? 1 : 0,
    mode: '',
    map: MAPS[id % 5],
    job: online ? TASKS[id % 4] : '',
    progress: online ? (id * 13) % 100 : null,
    heartbeatTime: day,
  };
}

function fixturePage(currentPage, pageSize) {
  const start = (currentPage - 1) * pageSize;
  const list = [];
  for (let i = start; i < Math.min(ROWS, start + pageSize); i += 1) list.push(syntheticDevice(i));
  return { message: { code: 0, message: 'Success' }, data: { list, total: ROWS, pageNum: currentPage, pageSize } };
}

async function main() {
  const server = await startServer({ port: args.port, dist: args.dist, password: args.password, server: args.server, name: 'bench-scroll' });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'en-US' });
    await context.addCookies([{ name: 'language', value: 'en', url: server.base }]);
    const page = await context.newPage();
    await page.route('**/api/device/selectDevicePc', async (route) => {
      const body = route.request().postDataJSON();
      await route.fulfill({ json: fixturePage(body.currentPage ?? 1, body.pageSize ?? PAGE_SIZE) });
    });
    await page.addInitScript(installRecorder);
    await page.goto(`${server.base}/device/index`);
    await page.locator('#account').fill('admin');
    await page.locator('#password').fill(args.password);
    await page.locator('button[type="submit"]').click();
    const holder = page.locator('.cf-devices .ant-table-tbody-virtual-holder');
    await holder.waitFor();

    // Load every row through the page's own infinite scroll (30 a page, 600 px trigger).
    const loadStart = Date.now();
    const count = page.getByTestId('device-count');
    while ((await count.getAttribute('data-all')) !== 'true') {
      await holder.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await page.waitForTimeout(20);
    }
    const loadSeconds = (Date.now() - loadStart) / 1000;
    const loadedText = await count.textContent();
    await holder.evaluate((el) => {
      el.scrollTop = 0;
    });
    await page.waitForTimeout(500);

    const results = {};
    const speed = Number(args.speed);

    // smooth: top to bottom at a steady speed
    const profile = await profiler(context, page, args.profile);
    await profile.start();
    let cpuBefore = browserCpuMs();
    await page.evaluate(startRecording);
    const smoothMs = await holder.evaluate(
      (el, pxPerSecond) =>
        new Promise((done) => {
          const start = performance.now();
          let last = start;
          const step = (now) => {
            el.scrollTop += (pxPerSecond * (now - last)) / 1000;
            last = now;
            if (el.scrollTop + el.clientHeight < el.scrollHeight - 1 && now - start < 20_000) requestAnimationFrame(step);
            else done(now - start);
          };
          requestAnimationFrame(step);
        }),
      speed,
    );
    let recorded = await page.evaluate(stopRecording);
    await profile.stop('smooth');
    results.smooth = {
      ...stats(recorded.frames),
      longTasks: recorded.longTasks.length,
      cpuMsPerFrame: cpuPerFrame(cpuBefore, recorded.frames.length),
      seconds: Math.round(smoothMs / 100) / 10,
    };

    // wheel: 100 px steps every 16 ms, back up from the bottom
    await holder.hover();
    cpuBefore = browserCpuMs();
    await page.evaluate(startRecording);
    for (let i = 0; i < 300; i += 1) {
      await page.mouse.wheel(0, -100);
      await page.waitForTimeout(16);
    }
    recorded = await page.evaluate(stopRecording);
    results.wheel = {
      ...stats(recorded.frames),
      longTasks: recorded.longTasks.length,
      cpuMsPerFrame: cpuPerFrame(cpuBefore, recorded.frames.length),
    };

    // jump: random positions, time until two frames later (rows rendered and painted)
    const jumps = await holder.evaluate(async (el) => {
      const times = [];
      for (let i = 0; i < 40; i += 1) {
        const target = Math.floor(((i * 7919) % 40) / 40 * (el.scrollHeight - el.clientHeight));
        const start = performance.now();
        el.scrollTop = target;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        times.push(performance.now() - start);
      }
      return times;
    });
    const jumpStats = stats(jumps);
    results.jump = { jumps: jumps.length, meanMs: jumpStats.meanMs, p95Ms: jumpStats.p95Ms, maxMs: jumpStats.maxMs };

    const dom = await page.evaluate(() => ({
      renderedRows: document.querySelectorAll('.cf-devices .ant-table-tbody-virtual-holder .ant-table-row').length,
      domNodes: document.querySelectorAll('*').length,
      heapMb: Math.round(((performance.memory?.usedJSHeapSize ?? 0) / 1048576) * 10) / 10,
    }));

    const report = {
      rows: ROWS,
      loaded: loadedText,
      loadSeconds,
      loadAverage: loadavg().map((v) => Math.round(v * 10) / 10),
      ...dom,
      ...results,
    };
    if (args.json) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      console.log(`${report.loaded}: loaded through infinite scroll in ${loadSeconds.toFixed(1)} s`);
      console.log(`rows in the DOM: ${dom.renderedRows}; DOM nodes: ${dom.domNodes}; JS heap: ${dom.heapMb} MB`);
      console.log(`machine load average: ${report.loadAverage.join(' / ')}`);
      console.log('');
      printFrameTable(['smooth', 'wheel'].map((name) => [name, results[name]]));
      console.log('');
      console.log(`jump to a random place and paint: mean ${results.jump.meanMs} ms, p95 ${results.jump.p95Ms} ms, max ${results.jump.maxMs} ms (${results.jump.jumps} jumps)`);
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
