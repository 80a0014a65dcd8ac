import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page's chunk loads. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <output className={fullscreen ? 'cf-loading cf-loading--fullscreen' : 'cf-loading'} aria-busy="true">
      <Spin size="large" />
      <span className="cf-visually-hidden">{t('common.loading')}</span>
    </output>
  );
}
