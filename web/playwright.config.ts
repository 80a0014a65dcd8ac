/**
 * Browser tests: Debian's Chromium (its headless shell, e2e/ports.ts JOURNEY_BROWSER; never a downloaded browser) against the
 * real API server started fresh on a temporary data folder. The server serves `dist-e2e`, the
 * console built with `vite build --mode e2e` (the production build plus stand-in pages used to
 * exercise tabs; see src/app/routes/fixture-pages.ts). `npm run e2e` builds it first.
 *
 * One server serves the whole run (`webServer`, started after the run's SMTP sink, e2e/smtp-sink.py, which
 * receives every mail it sends: e2e/mail.ts), and one browser (one worker). The `sessions`
 * project signs in once per saved account (e2e/sessions.setup.ts) and saves the signed-in state;
 * a journey that starts signed in opts in with `test.use({ storageState: savedSession('admin') })`
 * and `signIn` then opens its page at once instead of going through the login form. Journeys that
 * sign out, or test the login itself, start signed out (the default).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  JOURNEY_ARGS,
  JOURNEY_BROWSER,
  JOURNEY_MOTION,
  MAIL_DIR,
  MQTT_TLS_PORT,
  OIDC_CLIENT,
  OIDC_PORT,
  OUTPUT_DIR,
  PORT,
  SIEM_PORT,
  SIM_BASE_PORT,
  SMTP_PORT,
  WEBHOOK_DIR,
  WEBHOOK_PORT,
} from './e2e/ports';
import { ADMIN, DEMO_PASSWORD } from './e2e/helpers';

export const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'cleanfleet-e2e-'));
// The simulated robots' day starts at 07:00 tomorrow and runs ten times fast: always ahead of the server's clock, so
// the server dates what they report by when it hears it (it takes no robot time from the future) at every hour of
// the day: with today's 07:00, after 07:00 UTC the server took their morning's clock, and a run so dated started
// before its robot came to the journey's site (e2e/sites-heatmap.spec.ts).
const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
const ROBOT_MORNING = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T07:00:00`;
// Several runs side by side (one per engineer) each use their own port and build folder.
const DIST = process.env.CLEANFLEET_E2E_DIST ?? 'dist-e2e';

export default defineConfig({
  testDir: 'e2e',
  outputDir: OUTPUT_DIR,
  fullyParallel: false,
  workers: 1,
  // Generous limits: they cost nothing while journeys pass, and on a loaded machine (a full page load
  // compiles the console's scripts again) a 10 s wait for a page's first rows ran out.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  projects: [
    { name: 'sessions', testMatch: /\.setup\.ts$/ },
    { name: 'journeys', testIgnore: /\.setup\.ts$/, dependencies: ['sessions'] },
  ],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1366, height: 800 },
    locale: 'en-US',
    reducedMotion: JOURNEY_MOTION,
    // The console registers a service worker (issue 32); journeys run without it, as before, so that
    // page.route sees every call. e2e/pwa.spec.ts allows it and checks it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A trace (DOM snapshots and a screencast of every step) costs CPU on every journey: it is recorded for
    // the retry of a failed journey only (CI retries once), so a failure still comes with its trace.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: JOURNEY_BROWSER,
      args: JOURNEY_ARGS,
    },
  },
  webServer: [
    {
      // A real SMTP server for the run, before the API server: it writes each mail the server sends into MAIL_DIR
      // (e2e/mail.ts waits for one). aiosmtpd is a backend dev dependency.
      command: `../backend/.venv/bin/python e2e/smtp-sink.py --port ${SMTP_PORT} --dir ${MAIL_DIR}`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The run's webhook receiver (e2e/webhook-sink.py): every post the server sends it lands in WEBHOOK_DIR.
      command: `../backend/.venv/bin/python e2e/webhook-sink.py --port ${WEBHOOK_PORT} --dir ${WEBHOOK_DIR}`,
      port: WEBHOOK_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The run's OpenID provider (e2e/oidc/provider.mjs, issue 50): the console's single sign-on journeys sign in
      // through its own pages; its people are set by the journey (POST /_test/people).
      command: 'node e2e/oidc/provider.mjs',
      port: OIDC_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        OIDC_PORT: String(OIDC_PORT),
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        OIDC_REDIRECT_URIS: `${BASE_URL}/api/sso/callback`,
        OIDC_LOGOUT_URIS: `${BASE_URL}/login`,
        OIDC_PEOPLE: '{}',
      },
    },
    {
      command: '../.tools/bin/uv run --project ../backend --frozen python -m cleanfleet run',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        CLEANFLEET_DATA_DIR: dataDir,
        CLEANFLEET_PORT: String(PORT),
        CLEANFLEET_ADMIN_PASSWORD: ADMIN.password,
        // the journeys sign in as admin again and again: its second factor (factors/, issue 50 item 7) is off here
        CLEANFLEET_ADMIN_SECOND_FACTOR: 'false',
        // the demo accounts' (an install generates its own at its first start): the journeys sign in with it
        CLEANFLEET_DEMO_PASSWORD: DEMO_PASSWORD,
        CLEANFLEET_WEB_DIST: resolve(DIST),
        // Its own broker ports, so a `make run` server or backend tests can run alongside: plain (loopback only,
        // unused by the robots) and TLS, where the simulated robots sign in (issue 46).
        CLEANFLEET_MQTT_BIND: `127.0.0.1:${PORT + 10_000}`,
        CLEANFLEET_MQTT_TLS_BIND: `127.0.0.1:${MQTT_TLS_PORT}`,
        // Its own simulated robots' ports too (12 robots from SIM_BASE_PORT on).
        CLEANFLEET_SIM_BASE_PORT: String(SIM_BASE_PORT),
        // No random alarms: their pop-ups would cover buttons at random; journeys raise the alarms they need.
        CLEANFLEET_SIM_ALARM_RATE: '0',
        // Nor tasks started at random, and the robots' day starts at 07:00 tomorrow (ROBOT_MORNING; they run ten
        // times fast): the demo "night clean" (22:00) never starts during a run.
        CLEANFLEET_SIM_BUSY_RATE: '0',
        // Nor backups or log uploads failing at random; e2e/failure-paths.spec.ts switches one failure on.
        CLEANFLEET_SIM_DATA_FAIL_RATE: '0',
        CLEANFLEET_SIM_START: ROBOT_MORNING,
        // e2e/pwa.spec.ts subscribes a loopback push endpoint (a real one needs a browser's push service)
        CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK: '1',
        CLEANFLEET_SIGN_KEY: process.env.VITE_SIGN_KEY ?? process.env.CLEANFLEET_SIGN_KEY ?? 'cleanfleet-sign1',
        CLEANFLEET_SIGN_IV: process.env.VITE_SIGN_IV ?? process.env.CLEANFLEET_SIGN_IV ?? 'cleanfleet-iv-16',
        // Mails go to the run's SMTP sink (the first entry), and their links (the incidents' acknowledge link) to
        // this server.
        CLEANFLEET_SMTP_HOST: '127.0.0.1',
        CLEANFLEET_SMTP_PORT: String(SMTP_PORT),
        CLEANFLEET_SMTP_TLS: 'none',
        CLEANFLEET_SMTP_FROM: 'cleanfleet-e2e@localhost',
        CLEANFLEET_PUBLIC_URL: BASE_URL,
        // The incidents' escalation looks for due steps every 2 s (15 s by default), so a notice is mailed soon.
        CLEANFLEET_INCIDENT_SCAN_EVERY: '2',
        // Webhooks may reach the run's loopback receiver (and nothing else on loopback); the sender looks every second.
        CLEANFLEET_WEBHOOK_ALLOW: `127.0.0.1:${WEBHOOK_PORT}`,
        CLEANFLEET_WEBHOOK_EVERY: '1',
        // Identity providers may be the run's loopback OpenID provider (and nothing else on loopback).
        CLEANFLEET_SSO_ALLOW: `127.0.0.1:${OIDC_PORT}`,
        // Syslog destinations may be the run's loopback receiver (e2e/siem.spec.ts); the streamer looks every second.
        CLEANFLEET_SIEM_ALLOW: `127.0.0.1:${SIEM_PORT}`,
        CLEANFLEET_SIEM_EVERY: '1',
      },
    },
  ],
});
