#!/usr/bin/env node
/**
 * First load of the status page on a phone (issue 32): Chromium's mobile emulation (390 × 844, touch, a phone's
 * user agent and pixel ratio, zh-CN) over a 4G-like link (DevTools' Network.emulateNetworkConditions: 9 Mbit/s
 * down, 1.5 Mbit/s up, 170 ms round trip), signed in, from the navigation to /index to the frame after the first
 * robot card enters the document. Two cases:
 * - cold: a fresh context (no HTTP cache, no service worker), as the first visit from a phone;
 * - warm: the same context after the service worker installed and a page had used the status page, with the
 *   HTTP cache disabled (so what is not fetched comes from the worker's caches: the precached shell and the page
 *   chunks it kept); the API calls still cross the link (the worker never caches them).
 *
 *   cd web && npx vite build --outDir dist && cd .. && node bench/phone_first_load.mjs [--runs 10] [--port 8787]
 *
 * The link is emulated for the page: the worker's own fetches (a chunk it has not kept yet) are not slowed, which
 * only flatters the first warm run; after it every chunk the page needs is in the worker's cache.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';

process.chdir(resolve(import.meta.dirname, '../web'));
const { launchChromium, serverOptions, startServer } = await import('../web/scripts/bench-browser.mjs');

const { values: opts } = parseArgs({ options: { ...serverOptions(8787), runs: { type: 'string', default: '10' } } });
const runs = Number(opts.runs);
const simBasePort = 20_000 + (Number(opts.port) % 700) * 12;

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
};
/** 4G as the brief puts it: bytes per second, and the round trip in ms. */
const LINK = { offline: false, latency: 170, downloadThroughput: (9 * 1_000_000) / 8, uploadThroughput: (1.5 * 1_000_000) / 8 };

const server = await startServer({
  port: opts.port,
  dist: opts.dist,
  password: opts.password,
  server: opts.server,
  name: 'phone-first-load',
  env: { CLEANFLEET_SIM_BASE_PORT: String(simBasePort), CLEANFLEET_SIM_ALARM_RATE: '0' },
});
const browser = await launchChromium();

/** In the page: the frame after the first robot card enters the document, in ms since the navigation began. */
function markFirstCard() {
  const marks = (window.cfPhoneLoad = { cardDrawnAt: 0 });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="robot-card"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => (marks.cardDrawnAt = performance.now()));
  }).observe(document, { childList: true, subtree: true });
}

/** A signed-in phone context's state (cookies and stored session), once the robots have reported. */
async function signedInState() {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${server.base}/login`);
  await page.locator('#account').fill('admin');
  await page.locator('#password').fill(opts.password);
  await page.locator('#password').press('Enter');
  await page.locator('[data-testid="robot-card"]').first().waitFor({ state: 'visible', timeout: 120_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Opens /index in a new page of `context` over the emulated link: ms to the first card, JS bytes fetched. */
async function loadOnce(context, { cacheDisabled }) {
  const page = await context.newPage();
  await page.addInitScript(markFirstCard);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  if (cacheDisabled) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let wireKb = 0;
  const fromWorker = new Set();
  cdp.on('Network.responseReceived', (event) => event.response.fromServiceWorker && fromWorker.add(event.requestId));
  cdp.on('Network.loadingFinished', (event) => (wireKb += fromWorker.has(event.requestId) ? 0 : (event.encodedDataLength ?? 0) / 1024));
  await page.goto(`${server.base}/index`);
  await page.waitForFunction(() => window.cfPhoneLoad.cardDrawnAt > 0, null, { timeout: 60_000 });
  const ms = Math.round(await page.evaluate(() => window.cfPhoneLoad.cardDrawnAt));
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  await page.close();
  return { ms, wireKb, fromWorker: fromWorker.size, controlled };
}

const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
function summary(name, results) {
  const times = results.map((r) => r.ms).toSorted((a, b) => a - b);
  const kb = results.map((r) => r.wireKb).toSorted((a, b) => a - b);
  console.log(`${name}: median ${at(times, 0.5)} ms, p95 ${at(times, 0.95)} ms, min ${times[0]} ms, max ${times.at(-1)} ms over ${results.length} runs; median ${at(kb, 0.5).toFixed(1)} KB over the link`);
}

try {
  const state = await signedInState();
  const cold = [];
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ ...PHONE, storageState: state });
    const result = await loadOnce(context, { cacheDisabled: false });
    await context.close();
    cold.push(result);
    console.log(`cold run ${run}: ${result.ms} ms to the first robot card; ${result.wireKb.toFixed(1)} KB over the link`);
  }

  // one context: the worker installs and keeps the status page's chunks, then each run opens a new page
  const context = await browser.newContext({ ...PHONE, storageState: state });
  const first = await context.newPage();
  await first.goto(`${server.base}/index`);
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.reload();
  await first.locator('[data-testid="robot-card"]').first().waitFor({ state: 'visible', timeout: 60_000 });
  await first.close();
  const warm = [];
  for (let run = 1; run <= runs; run++) {
    const result = await loadOnce(context, { cacheDisabled: true });
    warm.push(result);
    console.log(`warm run ${run}: ${result.ms} ms to the first robot card; ${result.wireKb.toFixed(1)} KB over the link, ${result.fromWorker} answers from the worker (controlled: ${result.controlled})`);
  }
  await context.close();
  summary('cold (no cache, no worker)', cold);
  summary("warm (the worker's cache, HTTP cache off)", warm);
} finally {
  await browser.close();
  server.stop();
}
