import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/charts/chart-card';
import { EChart, type ChartOption } from '@/components/charts/echart';
import { QueryState } from '@/components/query-state';
import { useAlarmChart, type ChartDay, type ChartFilter } from '../api/summary';

const STATES = ['unresolved', 'resolved', 'unknown'] as const;
const COLORS = { unresolved: '#d1495b', resolved: '#2f9e44', unknown: '#adb5bd' };

/** The last 7 days as stacked bars by state (unresolved, resolved, unknown); the table view gives the numbers. */
export function weekOption(days: readonly ChartDay[], names: Record<(typeof STATES)[number], string>): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 36, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: STATES.map((state) => ({
      type: 'bar' as const,
      stack: 'alarms',
      name: names[state],
      itemStyle: { color: COLORS[state] },
      data: days.map((d) => d[state]),
    })),
  };
}

/** Alarms per day of the last 7 days (the branch's, or one device's). */
export function WeekChart({ filter }: { filter: ChartFilter }) {
  const { t } = useTranslation();
  const chart = useAlarmChart(filter);
  const days = chart.data ?? [];
  const names = { unresolved: t('warn.states.unresolved'), resolved: t('warn.states.resolved'), unknown: t('warn.states.unknown') };
  const body = (content: React.ReactNode) => (
    <QueryState query={chart} failedTitle={t('warn.loadFailed')}>
      {content}
    </QueryState>
  );
  return (
    <ChartCard
      testId="alarm-week-chart"
      title={t('warn.chart.title')}
      chart={body(<EChart label={t('warn.chart.title')} option={weekOption(days, names)} height={260} />)}
      table={body(
        <Table<ChartDay>
          rowKey="day"
          size="small"
          pagination={false}
          dataSource={days}
          data-testid="alarm-week-table"
          columns={[
            { title: t('warn.chart.day'), dataIndex: 'day' },
            { title: t('warn.chart.total'), dataIndex: 'total' },
            ...STATES.map((state) => ({ title: names[state], dataIndex: state, key: state })),
            { title: t('warn.chart.faults'), dataIndex: 'faults' },
          ]}
        />,
      )}
    />
  );
}
