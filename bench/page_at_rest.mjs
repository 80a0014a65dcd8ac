#!/usr/bin/env node
/**
 * What a console page costs while it is only looked at: a status monitoring screen left open on a
 * wall or a second monitor redraws live robot cards all day. Measures the share of the page's main
 * thread that is busy (Chromium's Performance metrics: task, script, layout, style) over a window.
 *
 *   cd web && npx vite build --outDir dist && cd .. && node bench/page_at_rest.mjs [--seconds 20] [--rounds 3] [--route /index]
 *
 * Starts the real server (fresh data folder, its 12 simulated robots at speed 10 reporting every
 * second or two), signs in as the admin, opens the route, waits 5 s for it to settle, then reads the
 * metrics at the start and end of each round.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';

process.chdir(resolve(import.meta.dirname, '../web'));
const { launchChromium, serverOptions, startServer } = await import('../web/scripts/bench-browser.mjs');

const { values: opts } = parseArgs({
  options: {
    ...serverOptions(8786),
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    route: { type: 'string', default: '/index' },
  },
});
const port = Number(opts.port);
const server = await startServer({
  port: opts.port,
  dist: opts.dist,
  password: opts.password,
  server: opts.server,
  name: 'page-at-rest',
  env: { CLEANFLEET_SIM_BASE_PORT: String(20_000 + (port % 700) * 12) },
});
const browser = await launchChromium();

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en' });
  const page = await context.newPage();
  // until the simulated robots have reported, the cards are not there yet
  for (let tries = 0; ; tries++) {
    await page.goto(`${server.base}/login`);
    await page.locator('#account').fill('admin');
    await page.locator('#password').fill(opts.password);
    await page.locator('#password').press('Enter');
    try {
      await page.locator('[data-testid="robot-card"]').first().waitFor({ state: 'visible', timeout: 20_000 });
      break;
    } catch (error) {
      if (tries >= 5) throw error;
      await context.clearCookies();
    }
  }
  if (opts.route !== '/index') await page.goto(`${server.base}${opts.route}`);
  await page.waitForTimeout(5_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const tasks = [];
  for (let round = 1; round <= Number(opts.rounds); round++) {
    const a = await read();
    await page.waitForTimeout(Number(opts.seconds) * 1000);
    const b = await read();
    const span = b.Timestamp - a.Timestamp;
    const share = (key) => (100 * (b[key] - a[key])) / span;
    tasks.push(share('TaskDuration'));
    console.log(
      `round ${round}: ${opts.route} busy ${share('TaskDuration').toFixed(1)}% of ${span.toFixed(1)} s (script ${share('ScriptDuration').toFixed(1)}%, layout ${share('LayoutDuration').toFixed(1)}%, style ${share('RecalcStyleDuration').toFixed(1)}%, ${b.LayoutCount - a.LayoutCount} layouts)`,
    );
  }
  const sorted = tasks.toSorted((x, y) => x - y);
  console.log(`median busy ${sorted[Math.floor(sorted.length / 2)].toFixed(1)}% of the main thread on ${opts.route}`);
} finally {
  await browser.close();
  server.stop();
}
