import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchWhenIdle } from '@/lib/when-idle';
import { antdIsland } from './antd-island';

// antd's Spin is not part of the first load (issue 18 item 9): fetched when idle, or with the first wait; with
// antd's scope, as it may show before the console's providers have (issue 52 item 11)
const loadSpin = () => import('antd/es/spin');
const Spin = antdIsland(loadSpin);

/** Fetches the spinner when idle: from the console (app/console.tsx), not on the sign-in page's way to its form. */
export const prefetchPageLoading = () => prefetchWhenIdle(loadSpin);

/** Shown while a page's chunk loads. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <output className={fullscreen ? 'cf-loading cf-loading--fullscreen' : 'cf-loading'} aria-busy="true">
      <Suspense fallback={null}>
        <Spin size="large" />
      </Suspense>
      <span className="cf-visually-hidden">{t('common.loading')}</span>
    </output>
  );
}
