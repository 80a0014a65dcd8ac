import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeviceWear } from '@/api/wear/forecast';
import { QueryState } from '@/components/query-state';
import { RangeBars } from '@/components/range-bars';
import { wearBars } from '@/lib/wear-parts';

/** The robot's wear forecast (issue 36): its measured use and, for each consumable and maintenance, the date it falls due with its range as a bar and how sure. */
export function WearPanel({ serial }: { serial: string }) {
  const { t } = useTranslation();
  const wear = useDeviceWear(serial);
  const data = wear.data;
  return (
    <Card
      size="small"
      title={t('wear.device.title')}
      data-testid="wear-panel"
      extra={
        <Link to="/wear/index">
          <Button size="small" type="link">
            {t('wear.device.openList')}
          </Button>
        </Link>
      }
    >
      <QueryState query={wear} rows={4} empty={Boolean(data && data.list.length === 0)} emptyText={t('wear.device.empty')} failedTitle={t('wear.list.loadFailed')}>
        {data ? (
          <>
            <Typography.Paragraph type="secondary" data-testid="wear-rate">
              {data.rate === null
                ? t('wear.device.noHistory', { days: data.historyDays })
                : t('wear.device.rate', { hours: data.rate.toFixed(1), low: (data.rateLow ?? 0).toFixed(1), high: (data.rateHigh ?? 0).toFixed(1), days: data.historyDays })}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="wear-follows-work">
              {t('wear.device.followsWork')}
            </Typography.Paragraph>
            <RangeBars today={data.today} items={wearBars(t, data.today, data.list)} testId="wear-bar" />
          </>
        ) : null}
      </QueryState>
    </Card>
  );
}
