/**
 * antd's message, notification and modal hooks (what `<App>` gives `App.useApp()`), loaded after the
 * first paint when the browser is idle (about 20 KB gzipped that neither the sign-in page nor the
 * first console screen draws; issue 18 item 9). Until they have loaded, `App.useApp()` gets
 * stand-ins that load them at once and then show what was asked, so no message is lost.
 */
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import { clsx } from 'clsx';
import { useCallback, useContext, useEffect, useState, type Key, type ReactNode } from 'react';
import { whenIdle } from '@/lib/when-idle';

export type FeedbackApis = useAppProps;

let apis: FeedbackApis | null = null;
let waiting: ((ready: FeedbackApis) => void)[] = [];
let requestLoad: () => void = () => undefined;

const loadHolders = () => import('./feedback-holders');

/**
 * `App.useApp()` without importing antd's `App` (which brings the hooks into the caller's chunk): for
 * the layout and what loads with it.
 */
export const useFeedback = (): FeedbackApis => useContext(AppContext);

/** Runs `use` with the loaded APIs: at once when they are there, else as soon as they have loaded. */
export function withFeedback(run: (ready: FeedbackApis) => void): void {
  if (apis) {
    run(apis);
    return;
  }
  waiting.push(run);
  requestLoad();
}

/** Calls for the next toasts' holder to mount (the page after this one), not this one's. */
let forNextHolder: ((ready: FeedbackApis) => void)[] = [];

/**
 * Runs `run` with the APIs of the next `Feedback` to mount: for a message said as the console closes (the session
 * ended), which its own holders, unmounted with it, would take along; the sign-in page's shows it (issue 52 item 11).
 */
export function withNextFeedback(run: (ready: FeedbackApis) => void): void {
  forNextHolder.push(run);
}

function setApis(ready: FeedbackApis): void {
  apis = ready;
  const queued = waiting;
  waiting = [];
  for (const run of queued) run(ready);
}

/** A newly mounted `Feedback`'s holders are ready: what waited for the next one runs too. */
function setNewApis(ready: FeedbackApis): void {
  setApis(ready);
  const queued = forNextHolder;
  forNextHolder = [];
  for (const run of queued) run(ready);
}

/** A message's close function and promise, before the message exists. */
function pendingMessage(open: (ready: FeedbackApis) => (() => void) & PromiseLike<boolean>) {
  let close: (() => void) | null = null;
  let closedEarly = false;
  const shown = new Promise<boolean>((resolve) =>
    withFeedback((ready) => {
      const handle = open(ready);
      if (closedEarly) handle();
      close = handle;
      void handle.then(resolve);
    }),
  );
  const hide = () => (close ? close() : (closedEarly = true));
  // antd's message handles are thenable (resolved when the message closes): so is the stand-in
  // oxlint-disable-next-line unicorn/no-thenable
  return Object.assign(hide, { then: shown.then.bind(shown) });
}

/** A modal's destroy/update and promise, before the modal exists. */
function pendingModal(open: (ready: FeedbackApis) => ReturnType<FeedbackApis['modal']['confirm']>) {
  let handle: ReturnType<FeedbackApis['modal']['confirm']> | null = null;
  const later: ((h: NonNullable<typeof handle>) => void)[] = [];
  const confirmed = new Promise<boolean>((resolve) =>
    withFeedback((ready) => {
      handle = open(ready);
      for (const run of later) run(handle);
      void handle.then(resolve, () => resolve(false));
    }),
  );
  const act = (run: (h: NonNullable<typeof handle>) => void) => (handle ? run(handle) : later.push(run));
  return {
    destroy: () => act((h) => h.destroy()),
    update: (config: Parameters<NonNullable<typeof handle>['update']>[0]) => act((h) => h.update(config)),
    // antd's modal handles are thenable (resolved with the choice): so is the stand-in
    // oxlint-disable-next-line unicorn/no-thenable
    then: <T,>(resolve: (value: boolean) => T, reject: VoidFunction) => confirmed.then(resolve, reject),
  };
}

type MessageKind = 'info' | 'success' | 'error' | 'warning' | 'loading';
type ModalKind = 'info' | 'success' | 'error' | 'warning' | 'confirm';
type NotificationKind = 'success' | 'error' | 'info' | 'warning' | 'open';

function messageStandIn(kind: MessageKind) {
  return ((...args: Parameters<FeedbackApis['message'][MessageKind]>) =>
    pendingMessage((ready) => ready.message[kind](...args))) as FeedbackApis['message'][MessageKind];
}

/** What `App.useApp()` returns until the hooks have loaded: each call waits for them. */
const standIns: FeedbackApis = {
  message: {
    info: messageStandIn('info'),
    success: messageStandIn('success'),
    error: messageStandIn('error'),
    warning: messageStandIn('warning'),
    loading: messageStandIn('loading'),
    open: (args) => pendingMessage((ready) => ready.message.open(args)),
    destroy: (key) => withFeedback((ready) => ready.message.destroy(key)),
  },
  notification: Object.assign(
    Object.fromEntries(
      (['success', 'error', 'info', 'warning', 'open'] as NotificationKind[]).map((kind) => [
        kind,
        (args: Parameters<FeedbackApis['notification'][NotificationKind]>[0]) => withFeedback((ready) => ready.notification[kind](args)),
      ]),
    ) as Omit<FeedbackApis['notification'], 'destroy'>,
    { destroy: (key?: Key) => withFeedback((ready) => ready.notification.destroy(key)) },
  ),
  modal: Object.fromEntries(
    (['info', 'success', 'error', 'warning', 'confirm'] as ModalKind[]).map((kind) => [
      kind,
      (config: Parameters<FeedbackApis['modal'][ModalKind]>[0]) => pendingModal((ready) => ready.modal[kind](config)),
    ]),
  ) as unknown as FeedbackApis['modal'],
};

type HoldersModule = typeof import('./feedback-holders');

/**
 * In place of antd's `<App>`: the same root element and styles, the hooks' holders (mounted when the
 * browser is idle after the first paint, or at the first call), and `App.useApp()` answered with the
 * stand-ins until then. The holders' chunk is awaited outside React, not suspended on: a Suspense
 * here would hold back every navigation that happened to render while the chunk was on its way.
 */
export function Feedback({ children }: { children: ReactNode }) {
  const { direction, getPrefixCls } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [holders, setHolders] = useState<HoldersModule | null>(null);
  // the stand-ins, never `apis`: when this element takes another's place (the console the sign-in page's), `apis` is
  // still that one's until its clean-up runs, and a dialog asked of it would open in holders about to go
  const [value, setValue] = useState<FeedbackApis>(standIns);
  useEffect(() => {
    if (holders) return;
    let mounted = true;
    let asked = false;
    requestLoad = () => {
      if (asked) return;
      asked = true;
      loadHolders()
        .then((loaded) => mounted && setHolders(loaded))
        .catch(() => (asked = false));
    };
    whenIdle(requestLoad);
    return () => {
      mounted = false;
      requestLoad = () => undefined;
    };
  }, [holders]);
  // the holders go with this element: a later one starts from the stand-ins again
  useEffect(
    () => () => {
      apis = null;
    },
    [],
  );
  const ready = useCallback((loaded: FeedbackApis) => {
    setValue(loaded);
    setNewApis(loaded);
  }, []);
  const Holders = holders?.default;
  return (
    <AppContext.Provider value={value}>
      <div className={clsx(hashId, prefixCls, cssVarCls, { [`${prefixCls}-rtl`]: direction === 'rtl' })}>
        {Holders ? <Holders onReady={ready} /> : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}
