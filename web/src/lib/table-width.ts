/**
 * The width a table of fixed-width columns needs (its `scroll.x`): the sum of its columns' widths. Where the
 * page is wider the columns share the rest; where it is narrower the table scrolls under its pinned columns.
 */
export function tableWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
}
