import { Component, lazy, Suspense, type ReactNode } from 'react';
import { serverAnswers } from '@/api/health';
import { prefetchWhenIdle } from '@/lib/when-idle';
import { PageOfflineNotice } from './page-offline-notice';

// antd's Result (with its pictures) is not part of the first load: its chunk is fetched once the
// console is idle, so it is at hand when a page fails later, even with the network gone by then.
const loadPageErrorResult = () => import('./page-error-result');
const PageErrorResult = lazy(loadPageErrorResult);

/** Fetches the failure's picture when idle: from the console (app/console.tsx), not on the sign-in page's way to
 * its form (issue 52 item 11). */
export const prefetchPageErrorResult = () => prefetchWhenIdle(loadPageErrorResult);

/** A page's chunk or texts did not arrive (RoutePage's loader wraps the failure in it). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('the page could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}

/** How often a page that could not load for lack of a server asks again whether the server answers. */
export const PAGE_RETRY_EVERY_MS = 10_000;

type Failure = 'checking' | 'offline' | 'unreachable' | 'failed';

interface Props {
  children: ReactNode;
  /** Loads the page afresh (a failed lazy import stays failed): called once the connection is back. */
  onRetry?: () => void;
}

/**
 * Catches a page that fails to load or to render (issue 48 item 14). A page whose chunk did not arrive because the
 * browser is offline, or the server gives no answer at all, says so and loads itself again once the browser is back
 * online (its `online` event) or the server answers again; only a load that fails while the server answers (a
 * chunk gone after a new build) or a render error asks for a reload.
 */
export class PageErrorBoundary extends Component<Props, { failure: Failure | null }> {
  state: { failure: Failure | null } = { failure: null };
  private stopWatching: (() => void) | null = null;

  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    if (!(error instanceof PageLoadError)) return { failure: 'failed' };
    return { failure: navigator.onLine ? 'checking' : 'offline' };
  }

  componentDidCatch(error: unknown) {
    if (!(error instanceof PageLoadError)) {
      console.error(error);
      return;
    }
    if (!navigator.onLine) {
      this.watch();
      return;
    }
    // online by the browser's account: a server that answers means the chunk is gone (a new build); none means the
    // connection is the fault after all
    void serverAnswers().then((answers) => {
      if (answers) {
        console.error(error);
        this.setState({ failure: 'failed' });
      } else {
        this.setState({ failure: 'unreachable' });
        this.watch();
      }
    });
  }

  componentWillUnmount() {
    this.stopWatching?.();
  }

  private watch() {
    this.stopWatching?.();
    const retry = () => {
      this.stopWatching?.();
      this.stopWatching = null;
      this.props.onRetry?.();
      this.setState({ failure: null });
    };
    const onOnline = () => retry();
    const onOffline = () => this.setState({ failure: 'offline' });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = setInterval(() => {
      if (navigator.onLine) void serverAnswers().then((answers) => answers && this.stopWatching && retry());
    }, PAGE_RETRY_EVERY_MS);
    this.stopWatching = () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearInterval(timer);
    };
  }

  render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    if (failure === 'checking') return null;
    if (failure === 'offline' || failure === 'unreachable') return <PageOfflineNotice reason={failure} />;
    return (
      <Suspense fallback={null}>
        <PageErrorResult />
      </Suspense>
    );
  }
}
