import { Component, lazy, Suspense, type ReactNode } from 'react';
import { prefetchWhenIdle } from '@/lib/when-idle';

// antd's Result (with its pictures) is not part of the first load: its chunk is fetched once the
// console is idle, so it is at hand when a page fails later, even with the network gone by then.
const loadPageErrorResult = () => import('./page-error-result');
const PageErrorResult = lazy(loadPageErrorResult);
prefetchWhenIdle(loadPageErrorResult);

/** Catches a page that fails to load (a chunk gone after an update) or to render. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <PageErrorResult />
      </Suspense>
    );
  }
}
