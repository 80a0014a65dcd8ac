import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNow } from '@/lib/use-now';
import type { FieldSnapshot } from '../api/snapshot';
import { ageText } from '../lib/age';

/** How old the snapshot shown is and why it is the phone's copy (offline, no answer); a refresh with signal. */
export function SnapshotStatus({ snapshot }: { snapshot: FieldSnapshot }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const { shown, online, unreachable, fetching, refresh } = snapshot;
  if (!shown) return null;
  const age = ageText(Date.parse(shown.generatedAt), now, i18n.language, t('fieldkit.snapshot.justNow'));
  const stale = !online || unreachable;
  const text = !online ? t('fieldkit.snapshot.offline', { age }) : unreachable ? t('fieldkit.snapshot.unreachable', { age }) : t('fieldkit.snapshot.fresh', { age });
  const cut = cutNotes(shown, t);
  return (
    <Alert
      type={stale ? 'warning' : 'info'}
      showIcon
      title={<span data-testid="field-age">{text}</span>}
      // only when a list was cut: an Alert given a description draws its title large, with a large icon
      description={cut ? <span data-testid="field-cut">{cut}</span> : undefined}
      className="cf-field-status"
      action={
        <Button size="large" icon={<ReloadOutlined />} onClick={refresh} loading={fetching} disabled={!online} data-testid="field-refresh">
          {t('fieldkit.page.refresh')}
        </Button>
      }
      data-testid="field-status"
    />
  );
}

/** Which lists were cut to their bound, and how many there are in all ("" when none was). */
function cutNotes(snapshot: NonNullable<FieldSnapshot['shown']>, t: TFunction): string {
  const notes = [
    snapshot.siteCount > snapshot.sites.length ? t('fieldkit.snapshot.sitesCut', { shown: snapshot.sites.length, count: snapshot.siteCount }) : null,
    snapshot.robotCount > snapshot.robots.length ? t('fieldkit.snapshot.robotsCut', { shown: snapshot.robots.length, count: snapshot.robotCount }) : null,
    snapshot.incidentCount > snapshot.incidents.length
      ? t('fieldkit.snapshot.incidentsCut', { shown: snapshot.incidents.length, count: snapshot.incidentCount })
      : null,
  ].filter((note): note is string => note !== null);
  return notes.join(' ');
}
