/**
 * The shell's notices above the page: the connection banner ("Offline: the data shown may be out of
 * date…", an <output>: role "status", always in the page so screen readers hear it change) and, when a new build is
 * deployed, "A new version is available" with a Reload button.
 */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConnection } from './connection';
import { useUpdate } from './update-store';
import './shell-notices.css';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const offline = useConnection((s) => s.browserOffline);
  const unreachable = useConnection((s) => s.serverUnreachable);
  const text = offline ? t('connection.offline') : unreachable ? t('connection.unreachable') : '';
  return (
    <output className="cf-notice cf-notice--offline" data-testid="connection-banner">
      {text}
    </output>
  );
}

export function UpdateNotice() {
  const { t } = useTranslation();
  const ready = useUpdate((s) => s.ready);
  const apply = useUpdate((s) => s.apply);
  if (!ready) return null;
  return (
    <output className="cf-notice cf-notice--update" data-testid="update-notice">
      <span>{t('connection.updateAvailable')}</span>
      <Button size="small" type="primary" onClick={apply}>
        {t('connection.reload')}
      </Button>
    </output>
  );
}

export function ShellNotices() {
  return (
    <>
      <ConnectionBanner />
      <UpdateNotice />
    </>
  );
}
