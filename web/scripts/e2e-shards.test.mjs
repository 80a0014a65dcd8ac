import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { troubles } from './e2e-shards.mjs';

const dirs = [];

/** A JSON report (Playwright's shape) with these tests of tabs.spec.ts, one describe block deep. */
function report(tests) {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-shards-'));
  dirs.push(dir);
  const specs = tests.map(([title, line, status, results]) => ({ title, line, tests: [{ status, results }] }));
  const path = join(dir, 'report.json');
  writeFileSync(path, JSON.stringify({ suites: [{ file: 'tabs.spec.ts', specs: [], suites: [{ title: 'signing out', specs }] }] }));
  return path;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('e2e-shards troubles', () => {
  it('names the failed and the retried journeys with each attempt’s first error line, and none that passed', () => {
    const path = report([
      ['passes', 10, 'expected', [{ retry: 0, errors: [] }]],
      ['closing tabs', 84, 'flaky', [
        { retry: 0, errors: [{ message: '\u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m\n\nLocator: tab' }] },
        { retry: 1, errors: [] },
      ]],
      ['reorders', 132, 'unexpected', [
        { retry: 0, error: { message: '\nTest timeout of 60000ms exceeded.' } },
        { retry: 1, error: { message: 'Test timeout of 60000ms exceeded.' } },
      ]],
    ]);
    expect(troubles(path)).toEqual([
      '    flaky: tabs.spec.ts:84 closing tabs',
      '      attempt 1: Error: expect(locator).toBeVisible() failed',
      '    FAILED: tabs.spec.ts:132 reorders',
      '      attempt 1: Test timeout of 60000ms exceeded.',
      '      attempt 2: Test timeout of 60000ms exceeded.',
    ]);
  });

  it('says nothing when a run left no report', () => {
    expect(troubles(join(tmpdir(), 'no-such-run', 'report.json'))).toEqual([]);
  });
});
