/**
 * The ports of one e2e run, from CLEANFLEET_E2E_PORT (several runs go side by side, one per port):
 * the server's, and the simulated robots' web API ports (robot i at SIM_BASE_PORT + i - 1), twelve
 * apart per server port so that the runs of neighbouring ports (8771, 8772 ...) never bind the same.
 */
export const PORT = Number(process.env.CLEANFLEET_E2E_PORT ?? 8765);
export const SIM_BASE_PORT = 20_000 + (PORT % 700) * 12;

/**
 * Playwright empties its output folder when a run starts, so each port keeps its own traces
 * (`test-results-8776/`); the default run (no CLEANFLEET_E2E_PORT) keeps `test-results/`. The
 * sessions the setup project saves (`sessions.setup.ts`) live there too, fresh for every run.
 */
export const OUTPUT_DIR = process.env.CLEANFLEET_E2E_PORT ? `test-results-${PORT}` : 'test-results';

/**
 * The run's SMTP sink (e2e/smtp-sink.py, started with the run by playwright.config.ts): the server's
 * CLEANFLEET_SMTP_PORT, below the robots' ports and clear of the brokers' (PORT + 10 000) and of the
 * unreachable push endpoint e2e/pwa.spec.ts needs (PORT + 20 000). Each mail received lands in MAIL_DIR
 * (inside the run's output folder, which Playwright empties before it starts the sink); e2e/mail.ts reads it.
 */
export const SMTP_PORT = PORT + 11_000;

/**
 * The run's MQTT over TLS port (the embedded broker's TLS listener, where the simulated robots sign in: issue 46):
 * between the plain broker port (PORT + 10 000) and the SMTP sink's, below the robots' ports.
 */
export const MQTT_TLS_PORT = PORT + 10_500;
export const MAIL_DIR = `${OUTPUT_DIR}/mail`;

/**
 * The run's webhook receiver (e2e/webhook-sink.py): on loopback, allowed only through the server's
 * CLEANFLEET_WEBHOOK_ALLOW; each post it receives lands in WEBHOOK_DIR (e2e/webhooks.spec.ts reads it).
 */
export const WEBHOOK_PORT = PORT + 12_000;
export const WEBHOOK_DIR = `${OUTPUT_DIR}/webhooks`;

/**
 * The run's OpenID provider (e2e/oidc/provider.mjs: panva's OpenID-certified `oidc-provider`, issue 50): on loopback,
 * allowed for the server through CLEANFLEET_SSO_ALLOW; its client's redirect and sign-out addresses are this run's
 * server's. Clear of the SMTP sink's and the webhook receiver's ports, below the robots'.
 */
export const OIDC_PORT = PORT + 13_000;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT = { id: 'cleanfleet-e2e', secret: 'cleanfleet-e2e-provider-secret' } as const;

/**
 * The run's syslog receiver (RFC 5424 over TLS, issue 51 item 3): started by e2e/siem.spec.ts itself (Node's tls
 * module), on loopback, allowed for the server through CLEANFLEET_SIEM_ALLOW. Clear of the ports above.
 */
export const SIEM_PORT = PORT + 14_000;

/**
 * Journeys run as someone whose system asks for less motion (the console then turns antd's animations off:
 * src/app/theme.ts `themeFor`), so a click never lands on a dialog, menu or field message still moving into place
 * (a mouse press on one element and its release on the next one is no click: CI lost a "Delete" in a menu still
 * sliding open, and a "Save" under a closing error line, that way). playwright.config.ts sets it for every journey;
 * a context a journey opens itself passes it too.
 */
export const JOURNEY_MOTION = 'reduce' as const;

/**
 * The journeys' browser: Debian's Chromium headless shell (package chromium-headless-shell, the same Chromium
 * version as the `chromium` package, without the full browser around the page), as Playwright's own headless runs
 * use. Side by side on devices.spec.ts (session 40): 53-64 s of Chromium's CPU for the file against 94-95 s with the
 * full browser in headless mode, every journey passing with both; Chromium is about four fifths of the journeys'
 * CPU on the two cores (docs/operations.md "Test run times"). CHROMIUM_PATH chooses another (`/usr/bin/chromium`:
 * the full browser, as `make run`'s screenshots use).
 */
export const JOURNEY_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The full browser, for a journey the headless shell cannot run: it has no push service (e2e/pwa.spec.ts's push). */
export const FULL_BROWSER = '/usr/bin/chromium';

/** Chromium's switches for every journey's browser. */
export const JOURNEY_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
