/** The robots by state as a small donut (ECharts, in this lazily loaded chunk only). */
import { useTranslation } from 'react-i18next';
import { EChart, OFFLINE_COLOR, type ChartOption } from '@/components/charts/echart';
import type { FleetStatus } from '../api/status';

const COLORS = { working: '#3a86ff', charging: '#f0a202', idle: '#2f9e44', offline: OFFLINE_COLOR };

export default function StateDonut({ status }: { status: FleetStatus }) {
  const { t } = useTranslation();
  const slices = (['working', 'charging', 'idle', 'offline'] as const).map((state) => ({
    name: t(`monitor.states.${state}`),
    value: status[state],
    itemStyle: { color: COLORS[state] },
  }));
  const option: ChartOption = {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    series: [
      {
        type: 'pie',
        radius: ['50%', '78%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: slices,
      },
    ],
  };
  const summary = slices.map((slice) => `${slice.name} ${slice.value}`).join(', ');
  // the legend names each colour with its count (the chart alone says neither); HTML, so it mirrors in Arabic
  return (
    <div className="cf-donut">
      <EChart option={option} height={150} label={t('monitor.donut.label', { summary })} testId="state-donut" />
      <ul className="cf-donut__legend" data-testid="state-legend">
        {slices.map((slice, index) => (
          <li key={index}>
            <span className="cf-donut__swatch" style={{ background: slice.itemStyle.color }} />
            <span className="cf-donut__name">{slice.name}</span>
            <span className="cf-donut__count">{slice.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
