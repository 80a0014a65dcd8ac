import { Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypes } from '../../api/get-device-types';
import { useFleetChart } from '../../api/get-fleet-chart';
import { ChartCard } from '../../components/chart-card';
import { fleetOverTime } from '../../components/chart-options';
import { EChart } from '../../components/echart';
import { QueryState } from '../../components/query-state';
import { isoDay, presetRange } from '../../lib/date-range';
import { RangeChooser } from './range-chooser';

/** The fleet's size and the devices added each day, over a report range. */
export function FleetOverTime({ userId }: { userId?: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => presetRange('month'));
  const [deviceType, setDeviceType] = useState<number>();
  const types = useDeviceTypes();
  const chart = useFleetChart({ userId, deviceType, startDate: isoDay(range[0]), endDate: isoDay(range[1]) });
  const days = chart.data?.days ?? [];
  const names = { total: t('fleet.online.fleetSize'), added: t('fleet.online.added') };

  return (
    <ChartCard
      testId="chart-over-time"
      title={t('fleet.online.overTime')}
      extra={
        <Select<number>
          size="small"
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('fleet.common.allTypes')}
          value={deviceType}
          onChange={(value) => setDeviceType(value ?? undefined)}
          options={(types.data ?? []).map((type) => ({ value: type.typeId, label: type.typeName }))}
          aria-label={t('fleet.common.deviceType')}
        />
      }
      chart={
        <div className="cf-fleet">
          <RangeChooser onChange={setRange} />
          <Typography.Text type="secondary">
            {t('fleet.online.range', { start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') })} ·{' '}
            {t('fleet.online.overTimeHint')}
          </Typography.Text>
          <QueryState query={chart}>
            <EChart
              testId="online-chart"
              label={t('fleet.online.overTime')}
              option={fleetOverTime(
                days.map((d) => ({ ...d, date: dayjs(d.date).format('MM-DD') })),
                names,
              )}
              height={340}
            />
          </QueryState>
        </div>
      }
      table={
        <QueryState query={chart}>
          <Table
            size="small"
            rowKey="date"
            dataSource={days.toReversed()}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: t('fleet.online.date'), dataIndex: 'date', key: 'date' },
              { title: names.total, dataIndex: 'total', key: 'total', align: 'end' },
              { title: names.added, dataIndex: 'added', key: 'added', align: 'end' },
            ]}
          />
        </QueryState>
      }
    />
  );
}
