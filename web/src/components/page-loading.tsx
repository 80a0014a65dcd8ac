import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchWhenIdle } from '@/lib/when-idle';

// antd's Spin is not part of the first load (issue 18 item 9): fetched when idle, or with the first wait
const loadSpin = () => import('antd/es/spin');
const Spin = lazy(loadSpin);
prefetchWhenIdle(loadSpin);

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
