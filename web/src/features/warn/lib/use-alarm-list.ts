import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { dayBounds } from '@/lib/day-range';
import type { Alarm, AlarmFilter } from '../api/alarms';

export type AlarmFilters = Omit<AlarmFilter, 'pageSize' | 'currentPage'>;
export type DayRange = [Dayjs | null, Dayjs | null] | null;

/**
 * The alarm list's state: the filters being edited (`draft`, `range`) and the ones applied, the page, and the
 * alarm whose detail or resolve dialog is open. Search applies the draft and goes back to the first page. A link's
 * days (`initialRange`, robot health's evidence) start it applied.
 */
export function useAlarmListState(initialRange: DayRange = null) {
  const [draft, setDraft] = useState<AlarmFilters>({});
  const [range, setRange] = useState<DayRange>(initialRange);
  const [filters, setFilters] = useState<AlarmFilters>(() => dayBounds(initialRange));
  const [currentPage, setCurrentPage] = useState(1);
  const [detail, setDetail] = useState<Alarm | null>(null);
  const [resolving, setResolving] = useState<Alarm | null>(null);

  const search = () => {
    setFilters({ ...draft, ...dayBounds(range) });
    setCurrentPage(1);
  };
  const reset = () => {
    setDraft({});
    setRange(null);
    setFilters({});
    setCurrentPage(1);
  };
  const set = (patch: AlarmFilters) => setDraft((d) => ({ ...d, ...patch }));
  /** How many filters are applied (the phone's folded filter button shows it). */
  const active = Object.values(filters).filter((value) => value !== undefined && value !== null && value !== '').length;
  return { draft, set, range, setRange, filters, active, currentPage, setCurrentPage, search, reset, detail, setDetail, resolving, setResolving };
}
