import { useSyncExternalStore } from 'react';

/**
 * One clock per period for every component that asks for it: forty robot cards showing "2 s ago"
 * share a single timer, and each redraws only its own line.
 */
interface Ticker {
  now: number;
  listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | null;
}

const tickers = new Map<number, Ticker>();

function tickerFor(everyMs: number): Ticker {
  let ticker = tickers.get(everyMs);
  if (!ticker) {
    ticker = { now: Date.now(), listeners: new Set(), timer: null };
    tickers.set(everyMs, ticker);
  }
  return ticker;
}

function subscribe(everyMs: number, listener: () => void): () => void {
  const ticker = tickerFor(everyMs);
  ticker.listeners.add(listener);
  if (!ticker.timer) {
    ticker.timer = setInterval(() => {
      ticker.now = Date.now();
      ticker.listeners.forEach((notify) => notify());
    }, everyMs);
  }
  return () => {
    ticker.listeners.delete(listener);
    if (ticker.listeners.size === 0 && ticker.timer) {
      clearInterval(ticker.timer);
      ticker.timer = null;
    }
  };
}

/** The ticker's time; a clock nobody watched has stopped, so it is brought up to date first. */
function readNow(everyMs: number): number {
  const ticker = tickerFor(everyMs);
  if (!ticker.timer && Date.now() - ticker.now >= everyMs) ticker.now = Date.now();
  return ticker.now;
}

/** The same subscribe function for a period on every render: a new one would restart its clock. */
const subscribers = new Map<number, (listener: () => void) => () => void>();

function subscriberFor(everyMs: number): (listener: () => void) => () => void {
  let subscriber = subscribers.get(everyMs);
  if (!subscriber) {
    subscriber = (listener) => subscribe(everyMs, listener);
    subscribers.set(everyMs, subscriber);
  }
  return subscriber;
}

/** The current time, renewed every `everyMs` while the component is shown. */
export function useNow(everyMs = 1_000): number {
  return useSyncExternalStore(subscriberFor(everyMs), () => readNow(everyMs));
}
