import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { useCan } from '@/lib/use-can';
import { useCloudVersions, useDeleteCloud, type CloudVersion } from './api/machine-versions';
import { PagedTable } from './components/paged-table';
import { CloudVersionDialog } from './components/cloud-version-dialog';
import { formatTime } from '@/lib/format';

const PAGE = 'version/index/cloud_version';
const PAGE_SIZE = 20;

/** Cloud versions (version/index/cloud_version): the cloud's own releases with their notes; search, add, edit,
 * delete with confirmation. */
export default function CloudVersionPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [text, setText] = useState('');
  const [filter, setFilter] = useState({ name: '', currentPage: 1 });
  const [editing, setEditing] = useState<CloudVersion | 'new' | null>(null);
  const versions = useCloudVersions({ ...filter, pageSize: PAGE_SIZE });
  const remove = useDeleteCloud();
  const search = () => setFilter({ name: text.trim(), currentPage: 1 });

  const columns: ColumnsType<CloudVersion> = [
    {
      title: t('machineversion.cloud.fields.name'),
      key: 'name',
      render: (_, v) => (
        <span>
          <strong>{v.name}</strong> <Tag>{v.versionNumber}</Tag>
        </span>
      ),
    },
    { title: t('machineversion.cloud.fields.releaseTime'), key: 'time', render: (_, v) => formatTime(v.releaseTime) },
    {
      title: t('machineversion.cloud.fields.notes'),
      key: 'notes',
      render: (_, v) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxWidth: 420, marginBottom: 0 }} ellipsis={{ rows: 3, expandable: true }}>{v.notes || '—'}</Typography.Paragraph>,
    },
    { title: t('machineversion.cloud.fields.creator'), key: 'creator', render: (_, v) => v.userName },
  ];
  if (can(`${PAGE}/edit`) || can(`${PAGE}/delete`)) {
    columns.push({
      title: t('machineversion.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, v) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(v)}>
              {t('machineversion.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton
              confirm={t('machineversion.cloud.deleteConfirm', { name: v.name })}
              onDelete={() => remove.mutateAsync({ id: v.id })}
              label={t('machineversion.delete')}
              successText={t('machineversion.cloud.deleted')}
            />
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Card size="small" title={t('machineversion.cloud.title')} data-testid="cloud-version-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('machineversion.cloud.search')} value={text} onChange={(e) => setText(e.target.value)} onPressEnter={search} style={{ width: 220 }} />
        <Button icon={<SearchOutlined />} onClick={search}>
          {t('machineversion.searchButton')}
        </Button>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-cloud-version">
            {t('machineversion.cloud.add')}
          </Button>
        ) : null}
      </Space>
      <PagedTable<CloudVersion>
        query={versions}
        columns={columns}
        emptyText={t('machineversion.cloud.empty')}
        currentPage={filter.currentPage}
        pageSize={PAGE_SIZE}
        onPage={(currentPage) => setFilter((f) => ({ ...f, currentPage }))}
      />
      {editing ? <CloudVersionDialog version={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
