import { Card, Col, Row, Statistic } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '@/components/charts/chart-card';
import { EChart, useChartRtl } from '@/components/charts/echart';
import { ResponsiveTable } from '@/components/responsive-table';
import type { RunState, StateCounts } from '../api/actual';
import { stateBars, stateBarsHeight, type StateBar } from '../lib/actual-chart';
import { RUN_STATE_COLORS, RUN_STATES, shareText } from '../lib/states';

/** The period's numbers: planned runs, each state, the share done (on time or late) and on time. */
export function ActualNumbers({ counts }: { counts: StateCounts }) {
  const { t, i18n } = useTranslation();
  const cards: { key: string; title: string; value: string | number; color?: string }[] = [
    { key: 'planned', title: t('site.actual.planned'), value: counts.planned },
    ...RUN_STATES.map((state) => ({ key: state, title: t(`site.states.${state}`), value: counts[state], color: RUN_STATE_COLORS[state] })),
    { key: 'doneShare', title: t('site.actual.doneShare'), value: counts.closed ? shareText(counts.doneShare, i18n.language) : '—' },
    { key: 'onTimeShare', title: t('site.actual.onTimeShare'), value: counts.closed ? shareText(counts.onTimeShare, i18n.language) : '—' },
  ];
  return (
    <Row gutter={[8, 8]} className="cf-site-summary" data-testid="actual-numbers">
      {cards.map((card) => (
        <Col key={card.key} xs={8} lg={6} xl={{ flex: '11.1%' }}>
          <Card size="small" style={{ height: '100%', borderTop: `3px solid ${card.color ?? 'transparent'}` }} data-testid={`actual-${card.key}`}>
            <Statistic title={card.title} value={card.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

interface ActualChartProps {
  title: string;
  /** The first column of the table view (day, site). */
  labelTitle: string;
  bars: readonly StateBar[];
  /** Its test id (the canvas's: `<testId>-canvas`, the table's: `<testId>-table`). */
  testId?: string;
}

/** Planned runs by state as stacked bars (by day or by site), or the same numbers as a table. */
export function ActualChart({ title, labelTitle, bars, testId = 'actual-chart' }: ActualChartProps) {
  const { t } = useTranslation();
  const rtl = useChartRtl();
  const names = Object.fromEntries(RUN_STATES.map((s) => [s, t(`site.states.${s}`)])) as Record<RunState, string>;
  const columns: ColumnsType<StateBar> = [
    { title: labelTitle, dataIndex: 'label', key: 'label' },
    ...RUN_STATES.map((state) => ({ title: names[state], key: state, align: 'end' as const, render: (_: unknown, bar: StateBar) => bar.counts[state] })),
  ];
  return (
    <ChartCard
      title={title}
      testId={testId}
      chart={<EChart option={stateBars(bars, names, { rtl })} height={stateBarsHeight(bars.length)} label={title} testId={`${testId}-canvas`} />}
      table={
        <ResponsiveTable<StateBar>
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={[...bars]}
          pagination={bars.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          data-testid={`${testId}-table`}
        />
      }
    />
  );
}
