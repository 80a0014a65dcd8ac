import { useTranslation } from 'react-i18next';
import './page-offline-notice.css';

/**
 * What a page that could not load for lack of a connection shows (PageErrorBoundary, issue 48 item 14): part of the
 * shell (no antd Result, whose chunk may not have arrived), a status the page replaces by itself once it loads.
 */
export function PageOfflineNotice({ reason }: { reason: 'offline' | 'unreachable' }) {
  const { t } = useTranslation();
  return (
    <output className="cf-page-offline">
      <span className="cf-page-offline-title">{t(reason === 'offline' ? 'pageOffline.offline' : 'pageOffline.unreachable')}</span>
      <span>{t('pageOffline.back')}</span>
    </output>
  );
}
