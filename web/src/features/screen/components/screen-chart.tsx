/**
 * ECharts for the wall display and the device map: maps (geo, map series), markers and the few plain
 * charts they draw, tree-shaken, in these pages' chunks only.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, EffectScatterChart, GaugeChart, LineChart, MapChart, ScatterChart } from 'echarts/charts';
import type {
  BarSeriesOption,
  EffectScatterSeriesOption,
  GaugeSeriesOption,
  LineSeriesOption,
  MapSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import { GeoComponent, GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import type { GeoComponentOption, GridComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { CSSProperties } from 'react';
import { CHART_ANIMATION } from '@/components/charts/animation';

echarts.use([
  MapChart,
  ScatterChart,
  EffectScatterChart,
  BarChart,
  LineChart,
  GaugeChart,
  GeoComponent,
  GridComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type ScreenChartOption = ComposeOption<
  | MapSeriesOption
  | ScatterSeriesOption
  | EffectScatterSeriesOption
  | BarSeriesOption
  | LineSeriesOption
  | GaugeSeriesOption
  | GeoComponentOption
  | GridComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export type { EChartsType };

interface ScreenChartProps {
  option: ScreenChartOption;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  testId?: string;
  className?: string;
  style?: CSSProperties;
  /** Replace the whole option on each change (default: merged, so new data animates and a roamed map keeps its view). */
  notMerge?: boolean;
  onReady?: (chart: EChartsType) => void;
  onEvents?: Record<string, (params: never) => void>;
  /** Extra attributes for tests and tools (data-*). */
  data?: Record<`data-${string}`, string | number>;
}

export function ScreenChart({ option, label, testId, className, style, notMerge = false, onReady, onEvents, data }: ScreenChartProps) {
  return (
    <figure aria-label={label} data-testid={testId} className={className} style={{ margin: 0, ...style }} {...data}>
      <ReactEChartsCore
        echarts={echarts}
        option={CHART_ANIMATION ? option : { ...option, animation: false }}
        notMerge={notMerge}
        lazyUpdate
        style={{ height: '100%', width: '100%' }}
        opts={{ renderer: 'canvas' }}
        onChartReady={onReady}
        onEvents={onEvents}
      />
    </figure>
  );
}
