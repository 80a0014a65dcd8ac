import { Grid } from 'antd';

/**
 * Where a table's actions column is pinned: at the end (the left in right to left) from a tablet's width
 * up; not at all on a phone, where a pinned column would cover half of a 390 px screen (issue 30): there it
 * scrolls with its row.
 */
export function useFixedActions(): 'end' | undefined {
  const screens = Grid.useBreakpoint();
  return screens.md === false ? undefined : 'end';
}
