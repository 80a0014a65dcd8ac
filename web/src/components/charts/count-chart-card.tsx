import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCard } from './chart-card';
import { barsHeight, stackedBars } from './chart-options';
import { CountTable, type LinkedCountRow } from './count-table';
import { EChart, useChartRtl } from './echart';
import { QueryState } from '../query-state';

/** Many labels, or long ones, read better as horizontal bars. */
const HORIZONTAL_FROM = 7;

interface CountChartCardProps {
  title: string;
  testId: string;
  /** The first column of the table view (model, owner, country...). */
  labelTitle: string;
  rows: readonly LinkedCountRow[];
  /** The chart may show fewer rows than the table (the top ones, or those above zero). */
  chartRows?: readonly LinkedCountRow[];
  horizontal?: boolean;
  /** What the chart says to screen readers; the title by default. */
  chartLabel?: string;
  extra?: ReactNode;
  /** A separate query behind the rows: its loading, failure and empty states. */
  query?: { isPending: boolean; isError: boolean; isSuccess: boolean; refetch: () => unknown };
}

/** Device counts (online and offline) by some label, as stacked bars or a table. */
export function CountChartCard({ title, testId, labelTitle, rows, chartRows = rows, horizontal, chartLabel, extra, query }: CountChartCardProps) {
  const { t } = useTranslation();
  const rtl = useChartRtl();
  const sideways = horizontal ?? chartRows.length >= HORIZONTAL_FROM;
  const names = { online: t('common.online'), offline: t('common.offline') };
  const wrap = (content: ReactNode) =>
    query ? (
      <QueryState query={query} empty={query.isSuccess && rows.length === 0}>
        {content}
      </QueryState>
    ) : (
      content
    );
  return (
    <ChartCard
      testId={testId}
      title={title}
      extra={extra}
      chart={wrap(
        <EChart
          label={chartLabel ?? title}
          option={stackedBars(chartRows, names, sideways, rtl)}
          height={sideways ? barsHeight(chartRows.length) : 300}
        />,
      )}
      table={wrap(<CountTable labelTitle={labelTitle} rows={rows} />)}
    />
  );
}
