import { Card, Segmented, Select, Space, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/charts/chart-card';
import { barsHeight } from '@/components/charts/chart-options';
import { EChart, useChartRtl } from '@/components/charts/echart';
import { OwnerFilter } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { alarmText } from '@/lib/alarm-text';
import { tableWidth } from '@/lib/table-width';
import { useFigures, useIncidentChart, type Chart, type Dimension, type FigureRow, type Period } from '../api/figures';
import { breakdownChart, pointLabel, trendChart } from '../lib/figure-charts';
import { durationText } from '../lib/durations';
import { PERIODS } from '../lib/periods';

const DIMENSIONS: readonly Dimension[] = ['site', 'device', 'code', 'branch'];

/**
 * Measured (issue 34 item 5): time to acknowledge and to resolve over the reports' periods, as a trend and per
 * site, robot, alarm or branch, each a chart or a table.
 */
export function FiguresPanel() {
  const { t, i18n } = useTranslation();
  const rtl = useChartRtl();
  const [range, setRange] = useState<Period>('month');
  const [by, setBy] = useState<Dimension>('site');
  const [userId, setUserId] = useState<number | undefined>();
  const chart = useIncidentChart({ range, userId });
  const figures = useFigures({ range, userId, by });
  const names = { incidents: t('incident.measured.incidents'), ack: t('incident.measured.ackAvg'), resolve: t('incident.measured.resolveAvg'), minutes: t('incident.measured.minutes') };
  const rowName = (row: FigureRow): string => {
    if (by === 'code') return alarmText(t, { key: row.id, content: row.name || row.id }, (key) => i18n.exists(key));
    if (by === 'site' && row.id === '') return t('incident.measured.noSite');
    return row.name || row.id;
  };
  const dimension = t(`incident.measured.by.${by}`);
  const dimensionTitle = dimension.charAt(0).toLocaleUpperCase(i18n.language) + dimension.slice(1);
  const total = figures.data?.total;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="incident-figures">
      <div className="cf-incident-toolbar">
        <div className="cf-scrolls-x" style={{ minWidth: 0 }}>
          <Segmented<Period>
            value={range}
            onChange={setRange}
            options={PERIODS.map((value) => ({ value, label: t(`incident.periods.${value}`) }))}
            aria-label={t('incident.measured.period')}
            data-testid="figures-period"
          />
        </div>
        <Select<Dimension>
          value={by}
          onChange={setBy}
          aria-label={t('incident.measured.grouping')}
          options={DIMENSIONS.map((value) => ({ value, label: `${t('incident.measured.grouping')}: ${t(`incident.measured.by.${value}`)}` }))}
          style={{ minWidth: 170 }}
          data-testid="figures-by"
        />
        <OwnerFilter value={userId ?? null} onChange={(id) => setUserId(id ?? undefined)} />
      </div>
      {total ? (
        <div className="cf-incident-totals" data-testid="figures-total">
          <Card size="small"><Statistic title={t('incident.measured.incidents')} value={total.incidents} /></Card>
          <Card size="small"><Statistic title={t('incident.measured.ackAvg')} value={durationText(total.ackAvgSeconds)} /></Card>
          <Card size="small"><Statistic title={t('incident.measured.resolveAvg')} value={durationText(total.resolveAvgSeconds)} /></Card>
          <Card size="small"><Statistic title={t('incident.measured.noise')} value={total.noise} /></Card>
        </div>
      ) : null}
      <QueryState query={chart}>
        {chart.data ? (
          <ChartCard
            title={t('incident.measured.trend')}
            testId="incident-trend"
            chart={<EChart option={trendChart(chart.data, names)} label={t('incident.measured.trend')} testId="incident-trend-chart" />}
            table={<TrendTable chart={chart.data} />}
          />
        ) : null}
      </QueryState>
      <QueryState query={figures}>
        {figures.data ? (
          <ChartCard
            title={t('incident.measured.breakdown', { dimension })}
            testId="incident-breakdown"
            chart={
              figures.data.rows.length ? (
                <EChart
                  option={breakdownChart(figures.data.rows, names, rowName, rtl)}
                  height={barsHeight(Math.min(figures.data.rows.length, 20) * 2)}
                  label={t('incident.measured.breakdown', { dimension })}
                  testId="incident-breakdown-chart"
                />
              ) : (
                <p className="cf-incident-empty">{t('incident.measured.empty')}</p>
              )
            }
            table={<FigureTable rows={figures.data.rows} total={figures.data.total} nameTitle={dimensionTitle} rowName={rowName} />}
          />
        ) : null}
      </QueryState>
    </Space>
  );
}

function TrendTable({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  return (
    <ResponsiveTable
      size="small"
      rowKey="startDate"
      pagination={false}
      dataSource={chart.points}
      data-testid="incident-trend-table"
      columns={[
        { title: t('incident.measured.periodColumn'), key: 'period', render: (_, p) => <bdi>{pointLabel(p, chart.bucket)}</bdi> },
        { title: t('incident.measured.incidents'), dataIndex: 'incidents', key: 'incidents', align: 'end' },
        { title: t('incident.measured.ackAvg'), key: 'ack', align: 'end', render: (_, p) => <bdi>{durationText(p.ackAvgSeconds)}</bdi> },
        { title: t('incident.measured.resolveAvg'), key: 'resolve', align: 'end', render: (_, p) => <bdi>{durationText(p.resolveAvgSeconds)}</bdi> },
      ]}
    />
  );
}

const timeColumn = (key: 'ackAvgSeconds' | 'ackMaxSeconds' | 'resolveAvgSeconds' | 'resolveMaxSeconds', title: string) => ({
  title,
  key,
  width: 130,
  align: 'end' as const,
  render: (_: unknown, r: FigureRow) => <bdi>{durationText(r[key])}</bdi>,
});

const countColumn = (key: 'incidents' | 'acknowledged' | 'resolved' | 'noise', title: string) => ({ title, dataIndex: key, key, width: 100, align: 'end' as const });

function FigureTable({ rows, total, nameTitle, rowName }: { rows: FigureRow[]; total: FigureRow; nameTitle: string; rowName: (row: FigureRow) => string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<FigureRow> = [
    { title: nameTitle, key: 'name', width: 200, ellipsis: true, render: (_, r) => (r === total ? <strong>{t('incident.measured.total')}</strong> : <bdi>{rowName(r)}</bdi>) },
    countColumn('incidents', t('incident.measured.incidents')),
    countColumn('acknowledged', t('incident.measured.acknowledged')),
    countColumn('resolved', t('incident.measured.resolved')),
    countColumn('noise', t('incident.measured.noise')),
    timeColumn('ackAvgSeconds', t('incident.measured.ackAvg')),
    timeColumn('ackMaxSeconds', t('incident.measured.ackMax')),
    timeColumn('resolveAvgSeconds', t('incident.measured.resolveAvg')),
    timeColumn('resolveMaxSeconds', t('incident.measured.resolveMax')),
  ];
  return (
    <ResponsiveTable<FigureRow>
      size="small"
      rowKey={(r) => (r === total ? '__total' : `row-${r.id}`)}
      columns={columns}
      dataSource={rows.length ? [...rows, total] : []}
      scroll={rows.length ? { x: tableWidth(columns) } : undefined}
      pagination={false}
      locale={{ emptyText: t('incident.measured.empty') }}
      data-testid="incident-figure-table"
    />
  );
}
