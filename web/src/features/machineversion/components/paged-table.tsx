import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { QueryState } from '@/components/query-state';

interface PageQuery<T> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data?: { list: T[]; total: number };
  refetch: () => unknown;
}

interface PagedTableProps<T> {
  query: PageQuery<T>;
  columns: ColumnsType<T>;
  emptyText: string;
  currentPage: number;
  pageSize: number;
  onPage: (currentPage: number) => void;
}

/** One server page of versions: loading and failure states, the rows, and the pager over the server's total. */
export function PagedTable<T extends { id: number }>({ query, columns, emptyText, currentPage, pageSize, onPage }: PagedTableProps<T>) {
  return (
    <QueryState query={query}>
      <Table<T>
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching && !query.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText }}
        pagination={{ current: currentPage, pageSize, total: query.data?.total ?? 0, showSizeChanger: false, onChange: onPage }}
      />
    </QueryState>
  );
}
