/**
 * What the console benchmarks (bench-device-scroll.mjs, bench-map-editor.mjs) share: the real server
 * started on a fresh data folder serving a built console, Chromium, frame timings read from
 * requestAnimationFrame deltas, the browser's CPU time (/proc) and a CPU profile's self times.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';

// ---------------------------------------------------------------- server

/** The command-line options every console benchmark takes (parseArgs), with its own default port. */
export const serverOptions = (port) => ({
  dist: { type: 'string', default: 'dist' },
  port: { type: 'string', default: String(port) },
  server: { type: 'string' },
  password: { type: 'string', default: 'Admin12345' },
  json: { type: 'boolean', default: false },
  profile: { type: 'boolean', default: false },
});

async function waitForHealth(base, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no server at ${base}`);
}

/**
 * The real server (run from web/) on a fresh data folder, serving the console built in `dist`;
 * `env` adds settings (e.g. CLEANFLEET_SIM_ROBOTS=0). With `server` (a base URL) it uses that one.
 */
export async function startServer({ port, dist, password, server, env = {}, name = 'bench' }) {
  if (server) return { base: server, stop() {} };
  const dataDir = mkdtempSync(join(tmpdir(), `cleanfleet-${name}-`));
  const child = spawn(resolve('../backend/.venv/bin/python'), ['-m', 'cleanfleet', 'run'], {
    cwd: resolve('../backend'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      CLEANFLEET_DATA_DIR: dataDir,
      CLEANFLEET_PORT: String(port),
      CLEANFLEET_ADMIN_PASSWORD: password,
      CLEANFLEET_ADMIN_SECOND_FACTOR: 'false', // signs in as admin again and again
      CLEANFLEET_WEB_DIST: resolve(dist),
      CLEANFLEET_MQTT_BIND: `127.0.0.1:${Number(port) + 10_000}`,
      ...env,
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, 120_000);
  } catch (error) {
    child.kill();
    console.error(stderr);
    throw error;
  }
  return {
    base,
    stop() {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, as the e2e tests run it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });
}

// ---------------------------------------------------------------- measuring

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (ms) used so far by the browser this script started and all its processes (Linux /proc). */
export function browserCpuMs() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // after the name: state ppid ... utime(14th field overall) stime(15th)
      procs.set(Number(name), { ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const ours = new Set([process.pid]);
  let grown = true;
  while (grown) {
    grown = false;
    for (const [pid, info] of procs) {
      if (!ours.has(pid) && ours.has(info.ppid)) {
        ours.add(pid);
        grown = true;
      }
    }
  }
  ours.delete(process.pid);
  let ticks = 0;
  for (const pid of ours) ticks += procs.get(pid)?.cpu ?? 0;
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Browser CPU ms per frame since `before` (a browserCpuMs() reading). */
export const cpuPerFrame = (before, frames) => Math.round(((browserCpuMs() - before) / Math.max(1, frames)) * 10) / 10;

export const round = (v) => Math.round(v * 10) / 10;

export function stats(intervals) {
  const sorted = intervals.toSorted((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const total = intervals.reduce((s, v) => s + v, 0);
  return {
    frames: intervals.length,
    fps: round((intervals.length * 1000) / total),
    meanMs: round(total / intervals.length),
    p50Ms: round(at(0.5)),
    p95Ms: round(at(0.95)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    // a frame longer than 1.5 × 16.7 ms means at least one refresh was missed
    droppedPct: round((intervals.filter((v) => v > 25).length * 100) / intervals.length),
  };
}

/** In the page (addInitScript): record rAF deltas and long tasks until stopped. */
export function installRecorder() {
  window.cfBench = { frames: [], longTasks: [], recording: false };
  new PerformanceObserver((list) => {
    if (window.cfBench.recording) for (const entry of list.getEntries()) window.cfBench.longTasks.push(entry.duration);
  }).observe({ entryTypes: ['longtask'] });
}

/** In the page (evaluate): starts recording frames. */
export function startRecording() {
  const bench = window.cfBench;
  bench.frames = [];
  bench.longTasks = [];
  bench.recording = true;
  let last = performance.now();
  const tick = (now) => {
    bench.frames.push(now - last);
    last = now;
    if (bench.recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => {
    last = now;
    requestAnimationFrame(tick);
  });
}

/** In the page (evaluate): stops recording; the frames and long tasks. */
export function stopRecording() {
  window.cfBench.recording = false;
  return { frames: window.cfBench.frames, longTasks: window.cfBench.longTasks };
}

/** A CDP CPU profiler on the page when `on`: start(), then stop() prints self time by function. */
export async function profiler(context, page, on) {
  const cdp = on ? await context.newCDPSession(page) : null;
  return {
    async start() {
      if (!cdp) return;
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    },
    async stop(label = '') {
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile, label);
    },
  };
}

/** Self time by function over a CPU profile: where the time goes. */
function printProfile(profile, label) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`profile ${label}: ${Math.round(total)} ms sampled`);
  for (const [key, ms] of [...self].toSorted((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${String(Math.round(ms)).padStart(7)} ms  ${((ms * 100) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
}

/** A markdown table of frame runs (rows: [label, stats with longTasks and cpuMsPerFrame]). */
export function printFrameTable(rows) {
  console.log('| run | frames | fps | mean ms | p50 ms | p95 ms | p99 ms | max ms | frames > 25 ms | long tasks | browser CPU ms / frame |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, r] of rows) {
    console.log(
      `| ${name} | ${r.frames} | ${r.fps} | ${r.meanMs} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.droppedPct}% | ${r.longTasks} | ${r.cpuMsPerFrame} |`,
    );
  }
}
