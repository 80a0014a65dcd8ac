import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IncidentState, Urgency } from '@/api/incident/incidents';
import { DevicePicker } from '@/components/device-picker';
import { OwnerFilter } from '@/components/owner-picker';
import { ResponsiveFilters } from '@/components/responsive-filters';
import { ALARM_KEYS } from '@/lib/alarm-catalogue';
import { STATES, URGENCIES } from '../lib/states';
import { LIST_PERIODS, type ListPeriod } from '../lib/periods';

export interface ListFilter {
  state: IncidentState[];
  deviceId?: number;
  code?: string;
  urgency?: Urgency;
  period: ListPeriod;
  userId?: number;
}

export const NO_FILTER: ListFilter = { state: [], period: 'all' };

/** How many filters are applied (shown on a phone's folded filter button). */
export function activeFilters(filter: ListFilter): number {
  return [filter.state.length > 0, filter.deviceId, filter.code, filter.urgency, filter.period !== 'all', filter.userId].filter(Boolean).length;
}

/** The incident list's filters: state, robot, alarm, urgency, period and branch; each applies at once. */
export function IncidentFilters({ filter, onChange }: { filter: ListFilter; onChange: (next: ListFilter) => void }) {
  const { t } = useTranslation();
  const set = (part: Partial<ListFilter>) => onChange({ ...filter, ...part });
  return (
    <ResponsiveFilters active={activeFilters(filter)} style={{ marginBottom: 12 }} data-testid="incident-filters">
      <Select<IncidentState[]>
        mode="multiple"
        allowClear
        placeholder={t('incident.filters.state')}
        aria-label={t('incident.filters.state')}
        value={filter.state}
        onChange={(state) => set({ state })}
        options={STATES.map((value) => ({ value, label: t(`incident.states.${value}`) }))}
        style={{ minWidth: 180 }}
        data-testid="filter-state"
      />
      <DevicePicker value={filter.deviceId} onChange={(deviceId) => set({ deviceId })} placeholder={t('incident.filters.robot')} aria-label={t('incident.filters.robot')} style={{ minWidth: 200 }} data-testid="filter-robot" />
      <Select<string>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('incident.filters.alarm')}
        aria-label={t('incident.filters.alarm')}
        value={filter.code}
        onChange={(code) => set({ code })}
        options={ALARM_KEYS.map((key) => ({ value: key, label: t(`monitor.alarm.keys.${key}`) }))}
        style={{ width: 220 }}
        data-testid="filter-alarm"
      />
      <Select<Urgency>
        allowClear
        placeholder={t('incident.filters.urgency')}
        aria-label={t('incident.filters.urgency')}
        value={filter.urgency}
        onChange={(urgency) => set({ urgency })}
        options={URGENCIES.map((value) => ({ value, label: t(`incident.urgency.${value}`) }))}
        style={{ width: 120 }}
      />
      <Select<ListPeriod>
        aria-label={t('incident.filters.period')}
        value={filter.period}
        onChange={(period) => set({ period })}
        options={LIST_PERIODS.map((value) => ({ value, label: t(`incident.periods.${value}`) }))}
        style={{ width: 170 }}
        data-testid="filter-period"
      />
      <OwnerFilter value={filter.userId ?? null} onChange={(userId) => set({ userId: userId ?? undefined })} />
      <Button onClick={() => onChange(NO_FILTER)} disabled={activeFilters(filter) === 0}>
        {t('incident.filters.reset')}
      </Button>
    </ResponsiveFilters>
  );
}
