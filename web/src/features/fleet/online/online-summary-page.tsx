import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartAll } from '../api/summary';
import { useOnlineSummary } from '../api/summary';
import { ChartCard } from '@/components/charts/chart-card';
import { rateGauge, simpleBars } from '@/components/charts/chart-options';
import { CountChartCard } from '@/components/charts/count-chart-card';
import { CountTable, type LinkedCountRow } from '@/components/charts/count-table';
import { EChart } from '@/components/charts/echart';
import { OwnerFilter } from '@/components/owner-picker';
import { useCountryName } from '@/lib/place-names';
import { QueryState } from '@/components/query-state';
import { isoDay, presetRange } from '../lib/date-range';
import { SummaryStats } from '../summary/components/summary-stats';
import { OnlinePerDay } from './components/online-per-day';
import '../components/fleet.css';

/** Online summary: who is online now, how many were heard from lately, and how many were online each day. */
export default function OnlineSummaryPage() {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<number>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('month'));
  const [deviceType, setDeviceType] = useState<number>();
  const online = useOnlineSummary({ userId, deviceType, startDate: isoDay(range[0]), endDate: isoDay(range[1]) });
  const all = useChartAll(userId);
  const countryName = useCountryName();

  const activity = useMemo(
    () => [
      { label: t('fleet.online.lastDay'), value: online.data?.activeLastDay ?? 0 },
      { label: t('fleet.dates.week'), value: online.data?.activeLastWeek ?? 0 },
      { label: t('fleet.dates.month'), value: online.data?.activeLastMonth ?? 0 },
    ],
    [online.data, t],
  );
  const byType: LinkedCountRow[] = (online.data?.byType ?? []).map((r) => ({
    key: r.typeId,
    label: r.typeName,
    total: r.total,
    online: r.online,
  }));
  const byCountry: LinkedCountRow[] = (all.data?.byCountry ?? [])
    .filter((r) => r.total > 0)
    .map((r) => ({ key: r.countryCode || 'unknown', label: countryName(r.countryCode, r.country), total: r.total, online: r.online }));

  return (
    <div className="cf-fleet" data-testid="online-summary">
      <Card size="small">
        <div className="cf-fleet-toolbar">
          <Typography.Text strong>{t('fleet.common.owner')}</Typography.Text>
          <OwnerFilter value={userId} onChange={(id) => setUserId(id ?? undefined)} />
          <div className="cf-fleet-toolbar__end">
            <Button
              icon={<ReloadOutlined />}
              loading={online.isFetching || all.isFetching}
              onClick={() => void Promise.all([online.refetch(), all.refetch()])}
            >
              {t('fleet.common.refresh')}
            </Button>
          </div>
        </div>
      </Card>
      <SummaryStats totals={online.data} loading={online.isPending} />
      <OnlinePerDay query={online} range={range} onRange={setRange} deviceType={deviceType} onDeviceType={setDeviceType} />
      <QueryState query={online}>
        <div className="cf-fleet-grid">
          <ChartCard
            testId="chart-rate"
            title={t('fleet.online.rateGauge')}
            chart={<EChart label={t('fleet.online.rateGauge')} option={rateGauge(online.data?.onlineRate ?? 0, t('fleet.online.now'))} />}
            table={
              <CountTable
                labelTitle={t('fleet.common.state')}
                rows={[{ key: 'all', label: t('fleet.summary.total'), total: online.data?.total ?? 0, online: online.data?.online ?? 0 }]}
              />
            }
          />
          <ChartCard
            testId="chart-activity"
            title={t('fleet.online.activity')}
            chart={<EChart label={t('fleet.online.activity')} option={simpleBars(activity, t('fleet.common.count'))} />}
            table={
              <Table
                size="small"
                rowKey="label"
                pagination={false}
                dataSource={activity}
                columns={[
                  { title: t('fleet.online.period'), dataIndex: 'label', key: 'label' },
                  { title: t('fleet.common.count'), dataIndex: 'value', key: 'value', align: 'end' },
                ]}
              />
            }
          />
          <CountChartCard testId="chart-online-type" title={t('fleet.online.byType')} labelTitle={t('fleet.common.deviceType')} rows={byType} />
          <CountChartCard
            testId="chart-online-country"
            title={t('fleet.online.byCountry')}
            labelTitle={t('fleet.summary.country')}
            rows={byCountry}
            horizontal
            query={all}
          />
        </div>
      </QueryState>
    </div>
  );
}
