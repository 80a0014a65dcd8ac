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
