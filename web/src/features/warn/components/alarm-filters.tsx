import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { OwnerPicker } from '@/components/owner-picker';
import { ResponsiveFilters } from '@/components/responsive-filters';
import { useIsPhone } from '@/lib/use-is-phone';
import { ALARM_KEYS } from '../lib/alarm-names';
import type { useAlarmListState } from '../lib/use-alarm-list';
import { LimitedRangePicker, RangeLimit } from '@/components/limited-range-picker';

const future = (day: Dayjs) => day.isAfter(dayjs().endOf('day'));

interface Props {
  state: ReturnType<typeof useAlarmListState>;
  ownerFilter: boolean;
  serialFilter: boolean;
}

/** The alarm list's filters (owner, serial, alarm, type, level, state, days): a row on a desktop, a folded panel on a phone. */
export function AlarmFilters({ state: list, ownerFilter, serialFilter }: Props) {
  const { t } = useTranslation();
  const { draft, set, range, setRange, search, reset } = list;
  const phone = useIsPhone();
  return (
    <ResponsiveFilters active={list.active} style={{ marginBottom: 12 }}>
      {ownerFilter ? (
        <OwnerPicker value={draft.userId ?? null} onChange={(userId) => set({ userId: userId ?? undefined })} placeholder={t('warn.filters.owner')} style={{ minWidth: 200 }} />
      ) : null}
      {serialFilter ? (
        <Input allowClear placeholder={t('warn.filters.serial')} aria-label={t('warn.filters.serial')} value={draft.deviceSerialNumber ?? ''} onChange={(e) => set({ deviceSerialNumber: e.target.value.trim() || undefined })} onPressEnter={search} style={{ width: 170 }} />
      ) : null}
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('warn.filters.alarm')}
        aria-label={t('warn.filters.alarm')}
        value={draft.key ?? undefined}
        onChange={(key?: string) => set({ key })}
        options={ALARM_KEYS.map((key) => ({ value: key, label: t(`monitor.alarm.keys.${key}`) }))}
        style={{ width: 220 }}
        data-testid="filter-alarm"
      />
      <Select
        allowClear
        placeholder={t('warn.filters.type')}
        aria-label={t('warn.filters.type')}
        value={draft.type ?? undefined}
        onChange={(type?: 'alarm' | 'reminder') => set({ type })}
        options={(['alarm', 'reminder'] as const).map((value) => ({ value, label: t(`warn.types.${value}`) }))}
        style={{ width: 110 }}
      />
      <Select
        allowClear
        placeholder={t('warn.filters.level')}
        aria-label={t('warn.filters.level')}
        value={draft.level ?? undefined}
        onChange={(level?: number) => set({ level })}
        options={[3, 2, 1].map((value) => ({ value, label: t(`monitor.alarm.levels.${String(value) as '1'}`) }))}
        style={{ width: 110 }}
      />
      <Select
        allowClear
        placeholder={t('warn.filters.state')}
        aria-label={t('warn.filters.state')}
        value={draft.state ?? undefined}
        onChange={(state?: 'unknown' | 'unresolved' | 'resolved') => set({ state })}
        options={(['unresolved', 'resolved', 'unknown'] as const).map((value) => ({ value, label: t(`warn.states.${value}`) }))}
        style={{ width: 130 }}
        data-testid="filter-state"
      />
      {phone ? (
        // a phone's screen holds one month: the days as two pickers, not the range's two months side by side
        <>
          <DatePicker value={range?.[0] ?? null} onChange={(day) => setRange([day, range?.[1] ?? null])} disabledDate={future} placeholder={t('warn.filters.from')} aria-label={t('warn.filters.from')} inputReadOnly />
          <DatePicker value={range?.[1] ?? null} onChange={(day) => setRange([range?.[0] ?? null, day])} disabledDate={future} placeholder={t('warn.filters.to')} aria-label={t('warn.filters.to')} inputReadOnly />
          <RangeLimit list="/warn/list" />
        </>
      ) : (
        <LimitedRangePicker list="/warn/list" value={range} onChange={(value) => setRange(value)} />
      )}
      <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="alarm-search">
        {t('warn.filters.search')}
      </Button>
      <Button onClick={reset}>{t('warn.filters.reset')}</Button>
    </ResponsiveFilters>
  );
}
