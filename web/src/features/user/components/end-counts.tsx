import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format';
import type { EndCounts } from '../api/customer-end';

/** The kinds a customer's end names, in this order (the files last, with their bytes). */
const KINDS = ['people', 'robots', 'robotsHandedOver', 'maps', 'reports', 'alarms', 'incidents', 'sites', 'logs', 'backups'] as const;

/** What a customer's end removes (or removed) in words with counts: "3 people, 12 robots' records, 2.1 GB of files". */
export function EndCountsList({ counts, testId }: { counts: EndCounts; testId?: string }) {
  const { t } = useTranslation();
  const lines = KINDS.filter((kind) => counts[kind] > 0).map((kind) => t(`user.end.counts.${kind}`, { count: counts[kind] }));
  if (counts.files > 0) lines.push(t('user.end.counts.files', { count: counts.files, size: formatBytes(counts.bytes) }));
  return (
    <ul className="cf-end__counts" data-testid={testId}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
      <li className="cf-end__total">{t('user.end.recordsTotal', { count: counts.records })}</li>
    </ul>
  );
}
