/**
 * Browser tests: Debian's Chromium (/usr/bin/chromium, never a downloaded browser) against the
 * real API server started fresh on a temporary data folder. The server serves `dist-e2e`, the
 * console built with `vite build --mode e2e` (the production build plus stand-in pages used to
 * exercise tabs; see src/app/routes/fixture-pages.ts). `npm run e2e` builds it first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { PORT, SIM_BASE_PORT } from './e2e/ports';

export const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'cleanfleet-e2e-'));
// Several runs side by side (one per engineer) each use their own port and build folder.
const DIST = process.env.CLEANFLEET_E2E_DIST ?? 'dist-e2e';
// Playwright empties its output folder when a run starts, so each port keeps its own traces
// (`test-results-8776/`); the default run (no CLEANFLEET_E2E_PORT) keeps `test-results/`.
const OUTPUT_DIR = process.env.CLEANFLEET_E2E_PORT ? `test-results-${PORT}` : 'test-results';

export default defineConfig({
  testDir: 'e2e',
  outputDir: OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 800 },
    locale: 'en-US',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: '../.tools/bin/uv run --project ../backend --frozen python -m cleanfleet run',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      CLEANFLEET_DATA_DIR: dataDir,
      CLEANFLEET_PORT: String(PORT),
      CLEANFLEET_ADMIN_PASSWORD: 'Admin12345',
      CLEANFLEET_WEB_DIST: resolve(DIST),
      // Its own broker port, so a `make run` server or backend tests can run alongside.
      CLEANFLEET_MQTT_BIND: `127.0.0.1:${PORT + 10_000}`,
      // Its own simulated robots' ports too (12 robots from SIM_BASE_PORT on).
      CLEANFLEET_SIM_BASE_PORT: String(SIM_BASE_PORT),
      // No random alarms: their pop-ups would cover buttons at random; journeys raise the alarms they need.
      CLEANFLEET_SIM_ALARM_RATE: '0',
      CLEANFLEET_SIGN_KEY: process.env.VITE_SIGN_KEY ?? process.env.CLEANFLEET_SIGN_KEY ?? 'cleanfleet-sign1',
      CLEANFLEET_SIGN_IV: process.env.VITE_SIGN_IV ?? process.env.CLEANFLEET_SIGN_IV ?? 'cleanfleet-iv-16',
    },
  },
});
