import { DeleteOutlined, ImportOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import { type AdvisoryRow, useAdvisories, useDeleteAdvisory, useImportAdvisory } from '../api/advisories';
import { AdvisoryDrawer } from './advisory-drawer';

const PAGE = 'version/advisory';

/** The imported advisories with how many firmware versions and robots of the caller's each affects. */
export function AdvisoryList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const advisories = useAdvisories();
  const importOne = useImportAdvisory();
  const remove = useDeleteAdvisory();
  const [open, setOpen] = useState<number | null>(null);

  const columns: ColumnsType<AdvisoryRow> = [
    {
      title: t('advisory.list.columns.id'),
      key: 'id',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <strong dir="ltr">{row.osvId}</strong>
          {row.aliases.length ? <Typography.Text type="secondary">{row.aliases.join(', ')}</Typography.Text> : null}
        </Space>
      ),
    },
    { title: t('advisory.list.columns.summary'), dataIndex: 'summary', key: 'summary', ellipsis: true },
    {
      title: t('advisory.list.columns.packages'),
      key: 'packages',
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.packages.map((p) => (
            <Tag key={`${p.ecosystem}:${p.name}`}>{p.name}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('advisory.list.columns.versions'), dataIndex: 'affectedVersions', key: 'versions' },
    {
      title: t('advisory.list.columns.robots'),
      key: 'robots',
      render: (_, row) => <Tag color={row.affectedRobots ? 'error' : 'success'} data-testid={`advisory-robots-${row.osvId}`}>{row.affectedRobots}</Tag>,
    },
    { title: t('advisory.list.columns.updated'), key: 'updated', render: (_, row) => dayjs(row.updateTime).format('YYYY-MM-DD HH:mm') },
    {
      title: t('advisory.list.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" icon={<SafetyOutlined />} onClick={() => setOpen(row.id)} data-testid={`open-${row.osvId}`}>
            {t('advisory.list.open')}
          </Button>
          {can(`${PAGE}/delete`) ? (
            <Popconfirm
              title={t('advisory.list.deleteConfirm', { id: row.osvId })}
              okButtonProps={{ danger: true }}
              okText={t('advisory.list.delete')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                remove
                  .mutateAsync(row.id)
                  .then(() => void message.success(t('advisory.list.deleted')))
                  .catch(() => undefined)
              }
            >
              <Button size="small" danger icon={<DeleteOutlined />} data-testid={`delete-${row.osvId}`}>
                {t('advisory.list.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      {can(`${PAGE}/import`) ? (
        <Upload
          accept=".json,application/json"
          showUploadList={false}
          beforeUpload={(file) => {
            importOne
              .mutateAsync(file)
              .then((made) => void message.success(t('advisory.list.imported', { id: made.osvId })))
              .catch(() => undefined); // the client showed the refusal, naming the place in the file
            return false;
          }}
        >
          <Button type="primary" icon={<ImportOutlined />} loading={importOne.isPending} style={{ marginBottom: 12 }} data-testid="import-advisory">
            {t('advisory.list.import')}
          </Button>
        </Upload>
      ) : null}
      <QueryState query={advisories} empty={advisories.data?.length === 0} emptyText={t('advisory.list.empty')}>
        <ResponsiveTable<AdvisoryRow>
          rowKey="id"
          columns={columns}
          dataSource={advisories.data ?? []}
          loading={advisories.isFetching && !advisories.isPending}
          scroll={{ x: 'max-content' }}
          cardTestId="advisory-card"
          data-testid="advisory-list"
          pagination={false}
        />
      </QueryState>
      {open !== null ? <AdvisoryDrawer id={open} canUpdate={can(`${PAGE}/update`)} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
