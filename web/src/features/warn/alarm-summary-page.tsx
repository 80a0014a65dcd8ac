import { Card, Col, Row, Space, Statistic, Table } from 'antd';
import { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/charts/chart-card';
import { simpleBars } from '@/components/charts/chart-options';
import { EChart, type ChartOption } from '@/components/charts/echart';
import { OwnerPicker } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { dayBounds } from '@/lib/day-range';
import { useAlarmSummary, type AlarmSummary, type SummaryFilter } from './api/summary';
import { WeekChart } from './components/week-chart';
import { codeName } from './lib/alarm-names';
import { useReloadOnAlarms } from './lib/use-reload-on-alarms';
import { LimitedRangePicker } from '@/components/limited-range-picker';

type DeviceRow = AlarmSummary['byDevice'][number];
type CodeRow = AlarmSummary['byCode'][number];
const LEVEL_COLORS: Record<number, string> = { 3: '#d1495b', 2: '#f0a202', 1: '#3a86ff' };

function levelPie(rows: AlarmSummary['byLevel'], name: (level: number) => string): ChartOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['45%', '72%'], center: ['50%', '45%'], label: { formatter: '{b}\n{c}' },
      data: rows.map((r) => ({ name: name(r.level), value: r.total, itemStyle: { color: LEVEL_COLORS[r.level] } })) }],
  };
}

/** The alarm summary (device/warnSummary): counts by state, level, alarm and device over a range, and the week. */
export default function AlarmSummaryPage() {
  const { t, i18n } = useTranslation();
  const [userId, setUserId] = useState<number | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const filter: SummaryFilter = {
    userId,
    ...dayBounds(range),
  };
  const summary = useAlarmSummary(filter);
  useReloadOnAlarms();
  const data = summary.data;
  const level = (l: number) => t(`monitor.alarm.levels.${String(l) as '1'}`);
  const name = (code: string) => codeName(t, code, (key) => i18n.exists(key));
  const tiles = [
    { key: 'total', value: data?.total, color: undefined },
    { key: 'unresolved', value: data?.unresolved, color: '#d1495b' },
    { key: 'resolved', value: data?.resolved, color: '#2f9e44' },
    { key: 'unknown', value: data?.unknown, color: undefined },
  ] as const;
  const empty = summary.isSuccess && data?.total === 0;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="alarm-summary">
      <Card size="small">
        <Space wrap>
          <OwnerPicker value={userId ?? null} onChange={(id) => setUserId(id ?? undefined)} placeholder={t('warn.filters.owner')} style={{ minWidth: 220 }} />
          <LimitedRangePicker list="/warn/warnSummary" value={range} onChange={setRange} />
          <span>{range ? null : t('warn.summary.defaultRange')}</span>
        </Space>
      </Card>
      <QueryState query={summary} failedTitle={t('warn.loadFailed')}>
        <Row gutter={[12, 12]}>
          {tiles.map((tile) => (
            <Col xs={12} md={6} key={tile.key}>
              <Card size="small" data-testid={`summary-${tile.key}`}>
                <Statistic title={tile.key === 'total' ? t('warn.chart.total') : t(`warn.states.${tile.key}`)} value={tile.value ?? 0} styles={{ content: { color: tile.color } }} />
              </Card>
            </Col>
          ))}
        </Row>
      </QueryState>
      <WeekChart filter={{ userId }} />
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={10}>
          <ChartCard
            testId="summary-levels"
            title={t('warn.summary.byLevel')}
            chart={<QueryState query={summary} empty={empty} emptyText={t('warn.empty')}><EChart label={t('warn.summary.byLevel')} option={levelPie(data?.byLevel ?? [], level)} height={280} /></QueryState>}
            table={<Table rowKey="level" size="small" pagination={false} dataSource={data?.byLevel ?? []} columns={[{ title: t('warn.columns.level'), dataIndex: 'level', render: level }, { title: t('warn.summary.count'), dataIndex: 'total' }]} />}
          />
        </Col>
        <Col xs={24} lg={14}>
          <ChartCard
            testId="summary-codes"
            title={t('warn.summary.byCode')}
            chart={<QueryState query={summary} empty={empty} emptyText={t('warn.empty')}><EChart label={t('warn.summary.byCode')} option={simpleBars((data?.byCode ?? []).slice(0, 12).map((r) => ({ label: name(r.key), value: r.total })), t('warn.summary.count'))} height={280} /></QueryState>}
            table={<Table<CodeRow> rowKey="key" size="small" pagination={false} dataSource={data?.byCode ?? []} columns={[{ title: t('warn.summary.alarm'), dataIndex: 'key', render: name }, { title: t('warn.columns.code'), dataIndex: 'code', render: (c: string) => c || '—' }, { title: t('warn.summary.count'), dataIndex: 'total' }]} />}
          />
        </Col>
      </Row>
      <Card size="small" title={t('warn.summary.byDevice')}>
        <Table<DeviceRow>
          rowKey="deviceId"
          size="small"
          data-testid="summary-devices"
          loading={summary.isPending}
          dataSource={data?.byDevice ?? []}
          locale={{ emptyText: t('warn.empty') }}
          pagination={false}
          columns={[
            { title: t('warn.columns.device'), key: 'device', render: (_, r) => <span>{r.deviceName} · <bdi>{r.deviceSerialNumber}</bdi></span> },
            { title: t('warn.chart.total'), dataIndex: 'total' },
            { title: t('warn.states.unresolved'), dataIndex: 'unresolved' },
          ]}
        />
      </Card>
    </Space>
  );
}
