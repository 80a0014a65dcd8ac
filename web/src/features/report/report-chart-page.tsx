import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Row, Segmented, Select, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/charts/chart-card';
import { EChart, type ChartOption } from '@/components/charts/echart';
import { simpleBars } from '@/components/charts/chart-options';
import { OwnerFilter } from '@/components/owner-picker';
import { PlaceText } from '@/components/place-text';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useIsPhone } from '@/lib/use-is-phone';
import { useCountryName } from '@/lib/place-names';
import { useCan } from '@/lib/use-can';
import { downloadBlob, EXPORT_FILE_NAME, exportWorkbook } from '@/lib/workbook';
import { useChart, useChartMap, useSummary, type ChartBody, type ChartData } from './api/reports';
import { chartTable } from './lib/report-export';
import { areaText, coveragePercent, coverageText, durationText, efficiencyText, efficiencyValue } from './lib/units';

// one line per figure: eight cards share a row on a laptop screen, and an area such as 726,526.0 m² must not wrap
const SUMMARY_VALUE = { fontSize: 18, whiteSpace: 'nowrap' } as const;
/** A title on two lines ("Cleaning efficiency" in English) must not make its card taller than the row's others. */
const SUMMARY_CARD = { height: '100%' } as const;

const RANGES = ['week', 'month', 'quarter', 'year'] as const;
const DIMENSIONS = ['device', 'group', 'owner', 'map'] as const;
const METRICS = ['cleanedArea', 'workingTime', 'coverage', 'efficiency', 'onlineRate'] as const;
type Metric = (typeof METRICS)[number];
type Point = ChartData['points'][number];

function metricValue(metric: Metric, p: Pick<Point, 'cleanedArea' | 'durationS' | 'coverage' | 'efficiency'> & { onlineRate?: number }): number {
  switch (metric) {
    case 'cleanedArea':
      return Math.round(p.cleanedArea * 10) / 10;
    case 'workingTime':
      return Math.round((p.durationS / 3600) * 100) / 100;
    case 'coverage':
      return coveragePercent(p.coverage);
    case 'efficiency':
      return efficiencyValue(p.efficiency);
    default:
      return coveragePercent(p.onlineRate ?? 0);
  }
}

function pointLabel(p: Point, bucket: string): string {
  if (bucket === 'month') return p.start.slice(0, 7);
  return p.start === p.end ? p.start.slice(5) : `${p.start.slice(5)}–${p.end.slice(5)}`;
}

function lineChart(chart: ChartData, metric: Metric, name: string): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: chart.points.map((p) => pointLabel(p, chart.bucket)) },
    yAxis: { type: 'value' },
    series: [{ type: metric === 'cleanedArea' || metric === 'workingTime' ? 'bar' : 'line', name, data: chart.points.map((p) => metricValue(metric, p)), barMaxWidth: 40, smooth: true }],
  };
}

/**
 * Task report charts (reportChart): figures over the last week, month, three months or year, per device, group, owner
 * or map. On a phone the range and metric choices scroll sideways on their own, the metric sits above the chart
 * (a card's header has no room for it) and the tables are cards.
 */
export default function ReportChartPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const { message } = App.useApp();
  const can = useCan();
  const countryName = useCountryName();
  const [body, setBody] = useState<ChartBody>({ range: 'week', by: 'device' });
  const [metric, setMetric] = useState<Metric>('cleanedArea');
  const chart = useChart(body);
  const summary = useSummary(body);
  const places = useChartMap(body);
  const metricName = t(`report.chart.${metric}`);

  const exportChart = async () => {
    if (!chart.data) return;
    downloadBlob(await exportWorkbook(chartTable(chart.data, t), t('report.chart.title')), EXPORT_FILE_NAME);
    void message.success(t('report.list.exported', { count: chart.data.points.length + chart.data.breakdown.length, file: EXPORT_FILE_NAME }));
  };

  const s = summary.data;
  const metricSwitch = <Segmented size="small" value={metric} onChange={setMetric} options={METRICS.map((m) => ({ value: m, label: t(`report.chart.${m}`) }))} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="report-chart-page">
      <Card size="small">
        {/* a wrapping row whose range switch may be narrower than its choices (it then scrolls on its own) */}
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <div className="cf-scrolls-x" style={{ minWidth: 0 }}>
            <Segmented
              value={body.range}
              onChange={(range) => setBody((b) => ({ ...b, range }))}
              options={RANGES.map((r) => ({ value: r, label: t(`report.chart.ranges.${r}`) }))}
              data-testid="report-range-switch"
            />
          </div>
          <Select
            value={body.by}
            aria-label={t('report.chart.grouping')}
            onChange={(by) => setBody((b) => ({ ...b, by }))}
            options={DIMENSIONS.map((d) => ({ value: d, label: t(`report.chart.by.${d}`) }))}
            style={{ width: 160 }}
          />
          <OwnerFilter value={body.userId} onChange={(userId: number | null) => setBody((b) => ({ ...b, userId: userId ?? undefined }))} />
          {can('reportChart/export') ? (
            <Button icon={<DownloadOutlined />} onClick={() => void exportChart()} disabled={!chart.data} data-testid="report-chart-export">
              {t('report.list.export')}
            </Button>
          ) : null}
        </div>
      </Card>
      <QueryState query={summary}>
        {s ? (
          <Row gutter={[12, 12]} data-testid="report-summary">
            {([
              [t('report.chart.runs'), s.runs],
              [t('report.columns.cleaned'), areaText(s.cleanedArea)],
              [t('report.columns.duration'), durationText(s.durationS)],
              [t('report.columns.coverage'), coverageText(s.coverage)],
              [t('report.columns.efficiency'), efficiencyText(s.efficiency)],
              [t('report.chart.onlineRate'), coverageText(s.onlineRate)],
              [t('report.chart.devices'), `${s.workingDevices} / ${s.devices}`],
              [t('report.chart.alarms'), s.alarmCount],
            ] as const).map(([title, value]) => (
              <Col key={title} xs={12} md={6} xl={3}>
                <Card size="small" style={SUMMARY_CARD}><Statistic title={title} value={value} valueStyle={SUMMARY_VALUE} /></Card>
              </Col>
            ))}
          </Row>
        ) : null}
      </QueryState>
      <QueryState query={chart}>
        {chart.data ? (
          <ChartCard
            title={t('report.chart.title')}
            testId="report-chart"
            extra={phone ? undefined : metricSwitch}
            chart={
              <>
                {phone ? <div className="cf-scrolls-x">{metricSwitch}</div> : null}
                <EChart option={lineChart(chart.data, metric, metricName)} label={metricName} testId="report-chart-canvas" />
              </>
            }
            table={
              <ResponsiveTable
                size="small"
                rowKey="start"
                pagination={false}
                dataSource={chart.data.points}
                data-testid="report-chart-table"
                columns={[
                  { title: t('report.chart.period'), key: 'period', render: (_, p) => pointLabel(p, chart.data?.bucket ?? 'day') },
                  { title: t('report.chart.runs'), dataIndex: 'runs' },
                  { title: t('report.columns.cleaned'), key: 'cleaned', render: (_, p) => <bdi>{areaText(p.cleanedArea)}</bdi> },
                  { title: t('report.columns.duration'), key: 'duration', render: (_, p) => durationText(p.durationS) },
                  { title: t('report.columns.coverage'), key: 'coverage', render: (_, p) => coverageText(p.coverage) },
                  { title: t('report.columns.efficiency'), key: 'efficiency', render: (_, p) => <bdi>{efficiencyText(p.efficiency)}</bdi> },
                  { title: t('report.chart.onlineRate'), key: 'online', render: (_, p) => coverageText(p.onlineRate) },
                ]}
              />
            }
          />
        ) : null}
      </QueryState>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={`${t('report.chart.breakdown')} · ${t(`report.chart.by.${body.by ?? 'device'}`)}`}>
            {chart.data && chart.data.breakdown.length > 0 ? (
              <EChart
                option={simpleBars(chart.data.breakdown.slice(0, 20).map((b) => ({ label: b.name || b.id, value: metricValue(metric === 'onlineRate' ? 'cleanedArea' : metric, b) })), metricName)}
                label={t('report.chart.breakdown')}
                testId="report-breakdown"
              />
            ) : (
              <Empty description={t('report.chart.empty')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('report.chart.places')}>
            <QueryState query={places}>
              <ResponsiveTable
                size="small"
                rowKey="deviceId"
                dataSource={places.data?.places ?? []}
                pagination={{ pageSize: 8, showSizeChanger: false }}
                locale={{ emptyText: t('report.chart.empty') }}
                data-testid="report-places"
                columns={[
                  { title: t('report.columns.device'), key: 'device', render: (_, p) => `${p.deviceName} (${p.deviceSerialNumber})` },
                  { title: t('report.chart.places'), key: 'where', render: (_, p) => (p.city || p.country ? <PlaceText parts={[p.city, countryName(p.countryCode, p.country)]} /> : p.latitude === null ? '—' : `${p.latitude?.toFixed(3)}, ${p.longitude?.toFixed(3)}`) },
                  { title: t('report.chart.runs'), dataIndex: 'runs' },
                  { title: t('report.columns.cleaned'), key: 'cleaned', render: (_, p) => <bdi>{areaText(p.cleanedArea)}</bdi> },
                ]}
              />
            </QueryState>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
