import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountRow } from './chart-options';

export interface LinkedCountRow extends CountRow {
  key: string | number;
  link?: ReactNode;
}

/** The numbers behind a count chart: label, total, online, offline (and an optional link). */
export function CountTable({ rows, labelTitle }: { rows: readonly LinkedCountRow[]; labelTitle: string }) {
  const { t } = useTranslation();
  const withLinks = rows.some((r) => r.link);
  const columns: ColumnsType<LinkedCountRow> = [
    { title: labelTitle, dataIndex: 'label', key: 'label', ellipsis: true },
    { title: t('common.total'), dataIndex: 'total', key: 'total', align: 'end', sorter: (a, b) => a.total - b.total },
    { title: t('common.online'), dataIndex: 'online', key: 'online', align: 'end', sorter: (a, b) => a.online - b.online },
    {
      title: t('common.offline'),
      key: 'offline',
      align: 'end',
      render: (_, row) => row.total - row.online,
      sorter: (a, b) => a.total - a.online - (b.total - b.online),
    },
  ];
  if (withLinks) columns.push({ title: '', key: 'link', render: (_, row) => row.link, width: 48, align: 'center' });
  return (
    <Table<LinkedCountRow>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={[...rows]}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
    />
  );
}
