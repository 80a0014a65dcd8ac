/**
 * The one live connection has several holders (the main layout, the wall display outside it): it
 * starts with the first and stops a moment after the last lets go, so a page switching to the
 * other (layout → /bigScreen and back) keeps the socket, and two holders never open two.
 */
export interface Startable {
  start(): void;
  stop(): void;
}

/**
 * How long the connection outlives its last holder: a navigation hands it on within this, even
 * when the next holder's chunks load first (the wall's window going back to the console).
 */
export const STOP_GRACE_MS = 10_000;

export interface SharedStart {
  /**
   * Holds the connection for `session` (the token) until the returned release is called; a release
   * with `immediately` (signed out) stops it at once when nobody else holds it.
   */
  hold(session: string): (immediately?: boolean) => void;
  readonly holders: number;
}

export function sharedStart(target: Startable, graceMs: number = STOP_GRACE_MS): SharedStart {
  let holders = 0;
  let session: string | null = null;
  let stopTimer: ReturnType<typeof setTimeout> | null = null;

  const cancelStop = () => {
    if (stopTimer !== null) clearTimeout(stopTimer);
    stopTimer = null;
  };

  return {
    get holders() {
      return holders;
    },
    hold(next: string) {
      cancelStop();
      // another session (signed in again as someone else): never carry on the old one's socket
      if (session !== null && session !== next) target.stop();
      session = next;
      holders += 1;
      target.start();
      let released = false;
      return (immediately = false) => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders > 0) return;
        cancelStop();
        const stop = () => {
          stopTimer = null;
          if (holders > 0) return;
          session = null;
          target.stop();
        };
        if (immediately) stop();
        else stopTimer = setTimeout(stop, graceMs);
      };
    },
  };
}
