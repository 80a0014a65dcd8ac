import { Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDeviceTypes } from '@/api/device/device-types';
import type { OnlineSummary } from '../../api/summary';
import { ChartCard } from '@/components/charts/chart-card';
import { onlinePerDay, percent } from '@/components/charts/chart-options';
import { EChart } from '@/components/charts/echart';
import { QueryState } from '@/components/query-state';
import { RangeChooser } from './range-chooser';

interface OnlinePerDayProps {
  query: { data?: OnlineSummary; isPending: boolean; isError: boolean; refetch: () => unknown };
  range: [Dayjs, Dayjs];
  onRange: (range: [Dayjs, Dayjs]) => void;
  deviceType?: number;
  onDeviceType: (deviceType: number | undefined) => void;
}

/** Devices online each day of a report range against the fleet's size, and the online rate over the range. */
export function OnlinePerDay({ query, range, onRange, deviceType, onDeviceType }: OnlinePerDayProps) {
  const { t } = useTranslation();
  const types = useDeviceTypes();
  const days = query.data?.days ?? [];
  const names = { online: t('fleet.online.onlineThatDay'), total: t('fleet.online.fleetSize'), rate: t('fleet.summary.onlineRate') };
  const online = days.reduce((sum, d) => sum + d.online, 0);
  const fleet = days.reduce((sum, d) => sum + d.total, 0);
  const empty = fleet === 0 && online === 0;

  return (
    <ChartCard
      testId="chart-over-time"
      title={t('fleet.online.perDay')}
      extra={
        <Select<number>
          size="small"
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('fleet.common.allTypes')}
          value={deviceType}
          onChange={(value) => onDeviceType(value ?? undefined)}
          options={(types.data ?? []).map((type) => ({ value: type.typeId, label: type.typeName }))}
          aria-label={t('fleet.common.deviceType')}
        />
      }
      chart={
        <div className="cf-fleet">
          <RangeChooser onChange={onRange} />
          <Typography.Text type="secondary">
            {t('fleet.online.range', { start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') })} ·{' '}
            {t('fleet.online.perDayHint')}
          </Typography.Text>
          <QueryState query={query} empty={empty}>
            <Typography.Text strong data-testid="average-rate">
              {t('fleet.online.averageRate', { rate: `${percent(fleet ? online / fleet : 0)}%` })}
            </Typography.Text>
            <EChart
              testId="online-chart"
              label={t('fleet.online.perDay')}
              option={onlinePerDay(
                days.map((d) => ({ ...d, date: dayjs(d.date).format('MM-DD') })),
                names,
              )}
              height={340}
            />
          </QueryState>
        </div>
      }
      table={
        <QueryState query={query} empty={empty}>
          <Table
            size="small"
            rowKey="date"
            dataSource={days.toReversed()}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: t('fleet.online.date'), dataIndex: 'date', key: 'date' },
              { title: names.online, dataIndex: 'online', key: 'online', align: 'end' },
              { title: names.total, dataIndex: 'total', key: 'total', align: 'end' },
              {
                title: names.rate,
                dataIndex: 'rate',
                key: 'rate',
                align: 'end',
                render: (rate: number) => `${percent(rate)}%`,
              },
            ]}
          />
        </QueryState>
      }
    />
  );
}
