import { Card, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { ONLINE_COLOR } from '@/components/charts/echart';

interface SummaryStatsProps {
  totals?: { total: number; online: number; offline: number };
  loading: boolean;
}

/** Devices in all, online, offline and the online rate, as big numbers. */
export function SummaryStats({ totals, loading }: SummaryStatsProps) {
  const { t } = useTranslation();
  const rate = totals && totals.total ? (totals.online / totals.total) * 100 : 0;
  const items = [
    { key: 'total', title: t('fleet.summary.total'), value: totals?.total ?? 0 },
    { key: 'online', title: t('fleet.summary.online'), value: totals?.online ?? 0, color: ONLINE_COLOR },
    { key: 'offline', title: t('fleet.summary.offline'), value: totals?.offline ?? 0, color: '#6b7780' },
    { key: 'rate', title: t('fleet.summary.onlineRate'), value: rate, precision: 1, suffix: '%' },
  ];
  return (
    <div className="cf-fleet-grid cf-fleet-grid--stats">
      {items.map((item) => (
        <Card key={item.key} size="small" data-testid={`stat-${item.key}`}>
          {loading ? (
            <Skeleton active paragraph={false} />
          ) : (
            <Statistic
              title={item.title}
              value={item.value}
              precision={item.precision}
              suffix={item.suffix}
              styles={{ content: item.color ? { color: item.color } : undefined }}
            />
          )}
        </Card>
      ))}
    </div>
  );
}
