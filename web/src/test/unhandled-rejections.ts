import { afterEach, beforeEach } from 'vitest';

type Listener = (reason: unknown) => void;
/** Node's process (tests run in Node; the console's types know no Node). */
const node = (globalThis as unknown as { process: { on(event: string, listener: Listener): void; off(event: string, listener: Listener): void } }).process;

/**
 * The promise rejections nobody handled during each test of the file (a dialog's `onOk={() => void save()}`
 * around a rejecting `validateFields`: an uncaught page error in the browser). Call at the top of a test file;
 * `settled()` waits until a rejection of the last click would have been reported.
 */
export function watchUnhandledRejections(): { reasons: unknown[]; settled(): Promise<void> } {
  const reasons: unknown[] = [];
  const collect: Listener = (reason) => void reasons.push(reason);
  beforeEach(() => {
    reasons.length = 0;
    node.on('unhandledRejection', collect);
  });
  afterEach(() => node.off('unhandledRejection', collect));
  return { reasons, settled: () => new Promise<void>((resolve) => setTimeout(resolve, 50)) };
}
