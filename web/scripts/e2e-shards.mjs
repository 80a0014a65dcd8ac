/**
 * Runs the e2e journeys as several Playwright runs side by side (E2E_SHARDS, default 4), each with its own
 * server, simulated robots, broker port and output folder: run i uses CLEANFLEET_E2E_PORT = base + i (base:
 * CLEANFLEET_E2E_PORT or 8765). A spec file stays whole in one run (journeys of a file share its state); the
 * files are dealt to the runs by their measured durations (e2e/durations.json, seconds per file; a file not
 * listed counts as the median), longest first to the least loaded run, so that the runs end together.
 *
 *   node scripts/e2e-shards.mjs [playwright args...]      e.g. --retries=1
 *
 * Each run writes its JSON report to its output folder; at the end the per-file times of this run are
 * printed and written to e2e-durations.json (copy it over e2e/durations.json to rebalance).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// Four even on two cores: a run spends most of its time waiting for robots, timers and pushes (two runs kept the
// machine about half busy); four took the suite from 22 to 12.6 min with the machine just busy (issue 37 item 5).
const SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 4));
const BASE_PORT = Number(process.env.CLEANFLEET_E2E_PORT ?? 8765);
const extraArgs = process.argv.slice(2);

function specFiles() {
  return readdirSync('e2e').filter((name) => name.endsWith('.spec.ts')).toSorted();
}

function knownDurations() {
  const path = 'e2e/durations.json';
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
}

function median(values) {
  if (values.length === 0) return 60;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The files of each run: longest first, each to the run with the least work so far. */
export function dealFiles(files, durations, shards) {
  const fallback = median(Object.values(durations));
  const weight = (file) => durations[file] ?? fallback;
  const runs = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const file of files.toSorted((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = runs.reduce((best, run) => (run.seconds < best.seconds ? run : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return runs.filter((run) => run.files.length > 0);
}

function outputDir(port) {
  return `test-results-${port}`;
}

function startRun(run, index) {
  const port = BASE_PORT + index;
  const tag = `[run ${index + 1} :${port}]`;
  console.log(`${tag} ${run.files.join(' ')} (about ${Math.round(run.seconds)} s)`);
  const child = spawn('npx', ['playwright', 'test', ...run.files.map((f) => join('e2e', f)), '--reporter=list,json',
    ...extraArgs], {
    env: { ...process.env, CLEANFLEET_E2E_PORT: String(port),
      PLAYWRIGHT_JSON_OUTPUT_NAME: reportPath(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${tag} ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`${tag} ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => resolve({ port, code: code ?? 1 })));
}

function reportPath(port) {
  return join(outputDir(port), 'report.json');
}

/** Calls visit(fileName, spec, test) for every test in a run's JSON report (at `path`). */
function eachTest(path, visit) {
  if (!existsSync(path)) return;
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) visit(here.split('/').pop(), spec, test);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of JSON.parse(readFileSync(path, 'utf8')).suites ?? []) walk(suite, suite.file);
}

/** Seconds per spec file from a run's JSON report (every attempt counted: a retry costs time too). */
function fileSeconds(port) {
  const seconds = {};
  eachTest(reportPath(port), (name, _spec, test) => {
    for (const result of test.results ?? []) seconds[name] = (seconds[name] ?? 0) + result.duration / 1000;
  });
  return seconds;
}

/**
 * The journeys of a run that failed or passed only on a retry, with the first line of each attempt's error: printed
 * last, so that the tail of a long CI log names them (the runs' own outputs are interleaved far above).
 */
export function troubles(path) {
  const lines = [];
  eachTest(path, (name, spec, test) => {
    if (test.status !== 'unexpected' && test.status !== 'flaky') return;
    lines.push(`    ${test.status === 'flaky' ? 'flaky' : 'FAILED'}: ${name}:${spec.line} ${spec.title}`);
    for (const result of test.results ?? []) {
      const message = stripVTControlCharacters((result.error ?? result.errors?.[0])?.message ?? '').split('\n').find((l) => l.trim());
      if (message) lines.push(`      attempt ${result.retry + 1}: ${message.trim().slice(0, 200)}`);
    }
  });
  return lines;
}

async function main() {
  const runs = dealFiles(specFiles(), knownDurations(), SHARDS);
  const started = Date.now();
  const results = await Promise.all(runs.map(startRun));
  const measured = Object.assign({}, ...results.map(({ port }) => fileSeconds(port)));
  delete measured['sessions.setup.ts'];
  const rounded = Object.fromEntries(Object.entries(measured).toSorted().map(([f, s]) => [f, Math.round(s)]));
  writeFileSync('e2e-durations.json', `${JSON.stringify(rounded, null, 2)}\n`);
  console.log(`e2e: ${runs.length} runs side by side in ${((Date.now() - started) / 60000).toFixed(1)} min; ` +
    `per-file seconds in e2e-durations.json`);
  for (const { port, code } of results) {
    console.log(`  run on :${port}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
    for (const line of troubles(reportPath(port))) console.log(line);
  }
  process.exit(results.some(({ code }) => code !== 0) ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
