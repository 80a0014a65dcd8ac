/**
 * ECharts, tree-shaken: only the charts and components the console's screens draw are registered.
 * echarts-for-react comes from its ESM core build (TOOLCHAIN: the CommonJS `lib/core` renders a
 * blank page in the browser).
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import type { BarSeriesOption, GaugeSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useLanguageStore } from '@/i18n/store';
import { chartAnimation } from './animation';
import './charts.css';

echarts.use([BarChart, LineChart, PieChart, GaugeChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GaugeSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/** The console's chart colours: the brand teal first, then colours that stay apart for colour-blind readers. */
export const CHART_COLORS = ['#017465', '#f0a202', '#3a86ff', '#d1495b', '#8f5db7', '#2a9d8f', '#6c757d', '#e76f51'];
export const ONLINE_COLOR = '#2f9e44';
export const OFFLINE_COLOR = '#adb5bd';

/** Whether the console reads right to left (charts mirror their horizontal bars then). */
export function useChartRtl(): boolean {
  return useLanguageStore((s) => s.direction) === 'rtl';
}

interface EChartProps {
  option: ChartOption;
  height?: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  testId?: string;
}

export function EChart({ option, height = 300, label, testId }: EChartProps) {
  return (
    <figure aria-label={label} data-testid={testId} className="cf-chart">
      <ReactEChartsCore
        echarts={echarts}
        option={{ color: CHART_COLORS, ...chartAnimation(), ...option }}
        notMerge
        lazyUpdate
        style={{ height, width: '100%' }}
        opts={{ renderer: 'canvas' }}
      />
    </figure>
  );
}
