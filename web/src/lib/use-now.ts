import { useSyncExternalStore } from 'react';

/**
 * One clock per period for every component that asks for it: forty robot cards showing "2 s ago"
 * share a single timer, and each redraws only its own line.
 */
interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
  /** The same function on every render: a new one would make React restart the clock. */
  subscribe: (listener: () => void) => () => void;
}

const tickers = new Map<number, Ticker>();

function tickerFor(everyMs: number): Ticker {
  const known = tickers.get(everyMs);
  if (known) return known;
  const ticker: Ticker = {
    now: Date.now(),
    listeners: new Set(),
    timer: null,
    subscribe(listener) {
      ticker.listeners.add(listener);
      ticker.timer ??= setInterval(() => {
        ticker.now = Date.now();
        ticker.listeners.forEach((notify) => notify());
      }, everyMs);
      return () => {
        ticker.listeners.delete(listener);
        if (ticker.listeners.size === 0 && ticker.timer) {
          clearInterval(ticker.timer);
          ticker.timer = null;
        }
      };
    },
  };
  tickers.set(everyMs, ticker);
  return ticker;
}

/** The ticker's time; a clock nobody watched has stopped, so it is brought up to date first. */
function readNow(everyMs: number): number {
  const ticker = tickerFor(everyMs);
  if (!ticker.timer && Date.now() - ticker.now >= everyMs) ticker.now = Date.now();
  return ticker.now;
}

/** The current time, renewed every `everyMs` while the component is shown. */
export function useNow(everyMs = 1_000): number {
  return useSyncExternalStore(tickerFor(everyMs).subscribe, () => readNow(everyMs));
}
