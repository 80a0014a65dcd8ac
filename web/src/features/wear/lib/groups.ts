import type { FleetPart, WearPage } from '../api/wear';

export type Group = 'thisWeek' | 'nextWeek' | 'later' | 'undated';
export const GROUPS: readonly Group[] = ['thisWeek', 'nextWeek', 'later', 'undated'];

/** The week a forecast falls in (due now counts in this week); rows without a date last. */
export function groupOf(page: Pick<WearPage, 'thisWeekEnd' | 'nextWeekEnd'>, row: Pick<FleetPart, 'dueDate'>): Group {
  if (!row.dueDate) return 'undated';
  if (row.dueDate <= page.thisWeekEnd) return 'thisWeek';
  return row.dueDate <= page.nextWeekEnd ? 'nextWeek' : 'later';
}

/** The page's rows by group, in the list's order (already by date). */
export function grouped(page: Pick<WearPage, 'thisWeekEnd' | 'nextWeekEnd' | 'list'>): [Group, FleetPart[]][] {
  const by = new Map<Group, FleetPart[]>();
  for (const row of page.list) {
    const group = groupOf(page, row);
    by.set(group, [...(by.get(group) ?? []), row]);
  }
  return GROUPS.filter((g) => by.has(g)).map((g) => [g, by.get(g) ?? []]);
}
