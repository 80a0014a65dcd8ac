/** ECharts options of the wall display, built from plain rows so they can be tested without a canvas. */
import type { ScreenChartOption } from '../components/screen-chart';
import type { RegionValue } from './regions';

export const WALL = {
  text: '#d7e6ff',
  muted: '#7f9cc4',
  accent: '#29d2ff',
  accentSoft: 'rgba(41, 210, 255, 0.18)',
  land: '#0e2747',
  border: '#2a5d94',
  grid: 'rgba(127, 156, 196, 0.18)',
  hot: '#ffd166',
};

/** The online rate as a ring with the percentage in the middle. */
export function onlineRing(rate: number, rateText: string, label: string): ScreenChartOption {
  return {
    series: [
      {
        type: 'gauge',
        startAngle: 90,
        endAngle: -270,
        min: 0,
        max: 1,
        radius: '92%',
        pointer: { show: false },
        progress: {
          show: true,
          roundCap: true,
          width: 14,
          itemStyle: {
            color: {
              type: 'linear',
              x: 0,
              y: 0,
              x2: 1,
              y2: 1,
              colorStops: [
                { offset: 0, color: '#2ee6a8' },
                { offset: 1, color: WALL.accent },
              ],
            },
          },
        },
        axisLine: { lineStyle: { width: 14, color: [[1, 'rgba(127, 156, 196, 0.16)']] } },
        splitLine: { show: false },
        axisTick: { show: false },
        axisLabel: { show: false },
        title: { show: true, offsetCenter: [0, '28%'], color: WALL.muted, fontSize: 13 },
        detail: { offsetCenter: [0, '-6%'], color: WALL.text, fontSize: 30, fontWeight: 600, formatter: () => rateText },
        data: [{ value: Math.max(0, Math.min(1, rate)), name: label }],
        animationDuration: 600,
      },
    ],
  };
}

export interface AreaDayRow {
  date: string;
  area: number;
  tasks: number;
}

/** Cleaned area per day (bars) and task runs (line on a second axis). */
export function areaChart(
  days: readonly AreaDayRow[],
  names: { area: string; tasks: string },
  dayLabel: (isoDate: string) => string,
  areaText: (m2: number) => string,
): ScreenChartOption {
  return {
    grid: { left: 6, right: 6, top: 26, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      backgroundColor: 'rgba(6, 18, 38, 0.92)',
      borderColor: WALL.border,
      textStyle: { color: WALL.text },
      valueFormatter: (value) => (typeof value === 'number' ? areaText(value) : String(value ?? '')),
    },
    xAxis: {
      type: 'category',
      data: days.map((d) => dayLabel(d.date)),
      axisLine: { lineStyle: { color: WALL.grid } },
      axisTick: { show: false },
      axisLabel: { color: WALL.muted },
    },
    yAxis: [
      {
        type: 'value',
        name: names.area,
        nameTextStyle: { color: WALL.muted, align: 'left' },
        axisLabel: { color: WALL.muted, formatter: (value: number) => areaText(value) },
        splitLine: { lineStyle: { color: WALL.grid } },
      },
      {
        type: 'value',
        name: names.tasks,
        minInterval: 1,
        nameTextStyle: { color: WALL.muted, align: 'right' },
        axisLabel: { color: WALL.muted },
        splitLine: { show: false },
      },
    ],
    series: [
      {
        type: 'bar',
        name: names.area,
        data: days.map((d) => d.area),
        barMaxWidth: 22,
        itemStyle: {
          borderRadius: [3, 3, 0, 0],
          color: {
            type: 'linear',
            x: 0,
            y: 0,
            x2: 0,
            y2: 1,
            colorStops: [
              { offset: 0, color: WALL.accent },
              { offset: 1, color: 'rgba(41, 210, 255, 0.12)' },
            ],
          },
        },
      },
      {
        type: 'line',
        name: names.tasks,
        yAxisIndex: 1,
        data: days.map((d) => d.tasks),
        smooth: true,
        symbolSize: 6,
        lineStyle: { color: WALL.hot, width: 2 },
        itemStyle: { color: WALL.hot },
        tooltip: { valueFormatter: (value) => String(value ?? '') },
      },
    ],
  };
}

interface RegionMapOptions {
  map: string;
  regions: readonly RegionValue[];
  /** A region's name for labels and the tooltip. */
  nameOf: (region: string) => string;
  tooltip: (name: string, region: RegionValue | undefined) => string;
  /** Label the regions that have robots. */
  labels?: boolean;
}

/** Robots per region as a choropleth: darker blue to bright cyan by count, the others plain. */
export function regionMap({ map, regions, nameOf, tooltip, labels = true }: RegionMapOptions): ScreenChartOption {
  const max = Math.max(1, ...regions.map((r) => r.value));
  const byName = new Map(regions.map((r) => [r.name, r]));
  return {
    tooltip: {
      trigger: 'item',
      backgroundColor: 'rgba(6, 18, 38, 0.92)',
      borderColor: WALL.border,
      textStyle: { color: WALL.text },
      formatter: (params) => {
        const name = (params as { name?: string }).name ?? '';
        return tooltip(nameOf(name), byName.get(name));
      },
    },
    visualMap: {
      type: 'continuous',
      show: false,
      min: 0,
      max,
      seriesIndex: 0,
      inRange: { color: ['#1d5b9c', '#29d2ff'] },
    },
    series: [
      {
        type: 'map',
        map,
        roam: false,
        selectedMode: false,
        // fitted into the panel, keeping the map's proportions
        top: 8,
        bottom: 8,
        left: 8,
        right: 8,
        itemStyle: { areaColor: WALL.land, borderColor: WALL.border, borderWidth: 0.6 },
        emphasis: { itemStyle: { areaColor: '#2b7bd1' }, label: { show: labels, color: '#fff' } },
        label: {
          show: labels,
          color: '#ffffff',
          fontSize: 11,
          fontWeight: 600,
          textBorderColor: 'rgba(4, 17, 31, 0.85)',
          textBorderWidth: 2.5,
          formatter: (params) => {
            const p = params as { name: string; value?: number };
            return p.value && Number.isFinite(p.value) ? `${nameOf(p.name)} ${p.value}` : '';
          },
        },
        data: regions.map((r) => ({ name: r.name, value: r.value })),
      },
    ],
  };
}
