import { Card, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetStatus } from '../api/status';
import { LoadFailed } from '@/components/query-state';

interface KpiTilesProps {
  status: FleetStatus | undefined;
  isPending: boolean;
  isError: boolean;
  retry(): void;
  /** Opens the live alarms page (null when the user cannot). */
  openAlarms: (() => void) | null;
}

function Tile({ title, value, testId, suffix, note, onClick }: {
  title: string;
  value: number;
  testId: string;
  suffix?: string;
  note?: ReactNode;
  onClick?: () => void;
}) {
  return (
    <Card
      size="small"
      className={`cf-kpi${onClick ? ' cf-kpi--link' : ''}`}
      hoverable={Boolean(onClick)}
      onClick={onClick}
      data-testid={testId}
    >
      <Statistic title={title} value={value} suffix={suffix} />
      {note && <div className="cf-kpi__note">{note}</div>}
    </Card>
  );
}

/** Online and offline, working, charging and idle, area cleaned today and open alarms. */
export function KpiTiles({ status, isPending, isError, retry, openAlarms }: KpiTilesProps) {
  const { t, i18n } = useTranslation();
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError || !status) {
    return (
      <LoadFailed title={t('monitor.kpi.loadFailed')} onRetry={retry} retryText={t('monitor.robots.retry')} />
    );
  }
  const area = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(status.areaToday);
  return (
    <div className="cf-kpis">
      <Tile title={t('monitor.kpi.online')} value={status.online} testId="kpi-online"
        note={t('monitor.kpi.ofTotal', { total: status.total })} />
      <Tile title={t('monitor.kpi.offline')} value={status.offline} testId="kpi-offline" />
      <Tile title={t('monitor.kpi.working')} value={status.working} testId="kpi-working" />
      <Tile title={t('monitor.kpi.charging')} value={status.charging} testId="kpi-charging" />
      <Tile title={t('monitor.kpi.idle')} value={status.idle} testId="kpi-idle" />
      <Card size="small" className="cf-kpi cf-kpi--wide" data-testid="kpi-area">
        <Statistic title={t('monitor.kpi.areaToday')} value={area} suffix="m²" />
        <div className="cf-kpi__note">{t('monitor.kpi.tasksToday', { count: status.tasksToday })}</div>
      </Card>
      <Tile title={t('monitor.kpi.openAlarms')} value={status.openAlarms} testId="kpi-alarms"
        onClick={openAlarms ?? undefined} />
    </div>
  );
}
