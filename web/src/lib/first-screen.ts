/**
 * The first screen's data, awaited briefly before the console is drawn after sign-in (issue 18 item 9).
 *
 * Drawing the layout takes the browser a few hundred milliseconds, in which it cannot take the calls'
 * answers; when the page under it had to be drawn first without its data (a skeleton) and again with it,
 * sign-in to the robot cards cost both passes. The calls are answered long before that work is done
 * (tens of milliseconds after the sign-in's own answer), so the sign-in waits for them, never longer than
 * `FIRST_SCREEN_WAIT_MS`, and the console is drawn once, with its data.
 */
export const FIRST_SCREEN_WAIT_MS = 300;

let pending: Promise<unknown> | null = null;

/** The calls the first screen after this sign-in needs, started by whoever knows that screen. */
export function expectFirstScreenData(calls: Promise<unknown>): void {
  pending = calls;
}

/** Resolves when the expected calls have answered (or failed), or after `maxMs`; at once when none were started. */
export function firstScreenData(maxMs = FIRST_SCREEN_WAIT_MS): Promise<void> {
  const calls = pending;
  pending = null;
  if (!calls) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    calls.then(
      () => (clearTimeout(timer), resolve()),
      () => (clearTimeout(timer), resolve()),
    );
  });
}
