import type { ScreenChartOption } from '../components/screen-chart';
import type { MapDevice } from '../api/device-map';
import { isLocated } from './filters';
import { BASE_MAP } from './geo';
import { stateColor } from './states';

/** A robot's place on the map as ECharts wants it: [longitude, latitude]. */
export function point(device: MapDevice): [number, number] {
  return [device.longitude ?? 0, device.latitude ?? 0];
}

/**
 * The map chart: the offline base map (roam and zoom), a marker per located robot coloured by state (drawn from
 * offline up, so alarms and working robots stay on top where markers overlap), and a ripple on the selected one.
 */
export function mapChartOption(located: readonly MapDevice[], selected: MapDevice | null, stateName: (state: string) => string): ScreenChartOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const p = params as { seriesIndex?: number; name?: string; data?: { state?: string } };
        return p.seriesIndex === 0 ? `${p.name ?? ''}<br/>${stateName(p.data?.state ?? '')}` : '';
      },
    },
    geo: {
      map: BASE_MAP,
      roam: true,
      scaleLimit: { min: 1, max: 400 },
      itemStyle: { areaColor: '#f8fafb', borderColor: '#a9b8c6', borderWidth: 0.5 },
      emphasis: { disabled: true },
      select: { disabled: true },
      label: { show: false },
      tooltip: { show: false },
    },
    series: [
      {
        type: 'scatter',
        coordinateSystem: 'geo',
        symbolSize: 11,
        itemStyle: { borderColor: '#ffffff', borderWidth: 1.2, shadowBlur: 4, shadowColor: 'rgba(0, 0, 0, 0.25)' },
        emphasis: { scale: 1.5 },
        // drawn from offline up, so alarms and working robots stay on top where markers overlap
        data: located.toReversed().map((d) => ({
          name: d.deviceCode,
          id: d.deviceId,
          state: d.state,
          value: point(d),
          itemStyle: { color: stateColor(d.state) },
        })),
        z: 3,
      },
      {
        type: 'effectScatter',
        coordinateSystem: 'geo',
        silent: true,
        symbolSize: 14,
        rippleEffect: { scale: 3.2, brushType: 'stroke' },
        data: selected && isLocated(selected) ? [{ value: point(selected), itemStyle: { color: stateColor(selected.state) } }] : [],
        z: 4,
      },
    ],
  };
}
