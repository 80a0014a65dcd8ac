import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductName } from '@/lib/brand';

/** Sets the browser tab's title to "<page> · CleanFleet" (the brand's product name instead, src/lib/brand.ts). */
export function usePageTitle(pageTitle: string | null): void {
  const { t } = useTranslation();
  const appName = useProductName(t('app.name'));
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${appName}` : appName;
  }, [pageTitle, appName]);
}
