import type { TablePaginationConfig } from 'antd';

/** Server-side paging of a fleet table: the page shown, its size and the total the call answered. */
export function serverPaging(current: number, pageSize: number, total: number, onChange: (page: number) => void): TablePaginationConfig {
  return { current, pageSize, total, hideOnSinglePage: true, showSizeChanger: false, onChange };
}
