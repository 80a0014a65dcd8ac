import { DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useAppVersions, useDeleteApp, usePublishApp, type AppVersion } from './api/soft';
import { AppDialog } from './components/app-dialog';
import { fileSize } from './lib/format';

const PAGE = 'version/app';

function FileLink({ file, testId }: { file: AppVersion['release'] | null; testId: string }) {
  if (!file) return null;
  return (
    <div>
      <Typography.Link href={file.url} download={file.name} data-testid={testId}>
        <DownloadOutlined /> {file.name}
      </Typography.Link>{' '}
      <Typography.Text type="secondary">· {fileSize(file.size)}</Typography.Text>
    </div>
  );
}

/** App versions (version/app): release and debug files, release notes, published or not (each change
 * confirmed). */
export default function AppVersionsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [name, setName] = useState<string | undefined>();
  const apps = useAppVersions({ name });
  const publish = usePublishApp();
  const remove = useDeleteApp();
  const [editing, setEditing] = useState<AppVersion | 'new' | null>(null);

  const publishedSwitch = (a: AppVersion) => {
    const toggle = <Switch checked={a.published} checkedChildren={t('version.soft.publishedState')} unCheckedChildren={t('version.soft.draft')} data-testid={`app-published-${a.name}`} />;
    if (!can(`${PAGE}/publish`)) return <Tag color={a.published ? 'success' : 'default'}>{a.published ? t('version.soft.publishedState') : t('version.soft.draft')}</Tag>;
    return (
      <Popconfirm
        title={t(a.published ? 'version.app.unpublishConfirm' : 'version.app.publishConfirm', { name: a.name })}
        onConfirm={() =>
          publish
            .mutateAsync({ id: a.id, published: !a.published })
            .then(() => void message.success(t(a.published ? 'version.app.unpublished' : 'version.app.published')))
            .catch(() => undefined)
        }
      >
        {toggle}
      </Popconfirm>
    );
  };

  const columns: ColumnsType<AppVersion> = [
    {
      title: t('version.app.fields.name'),
      key: 'name',
      render: (_, a) => (
        <div>
          <strong>{a.name}</strong>
          {a.log ? <div style={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}><Typography.Text type="secondary">{a.log}</Typography.Text></div> : null}
        </div>
      ),
    },
    {
      title: t('version.app.fields.files'),
      key: 'files',
      render: (_, a) => (
        <>
          <FileLink file={a.release} testId={`app-release-link-${a.name}`} />
          <FileLink file={a.debug ?? null} testId={`app-debug-link-${a.name}`} />
        </>
      ),
    },
    { title: t('version.app.fields.published'), key: 'published', render: (_, a) => publishedSwitch(a) },
    { title: t('version.app.fields.time'), key: 'time', render: (_, a) => dayjs(a.createTime).format('YYYY-MM-DD HH:mm') },
    {
      title: t('version.actions'),
      key: 'actions',
      render: (_, a) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(a)}>
              {t('version.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton
              confirm={t('version.app.deleteConfirm', { name: a.name })}
              onDelete={() => remove.mutateAsync({ id: a.id })}
              label={t('version.delete')}
              successText={t('version.app.deleted')}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t('version.app.title')} data-testid="app-page">
      <Space wrap style={{ marginBottom: 12 }}>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-app">
            {t('version.app.add')}
          </Button>
        ) : null}
        <Input.Search allowClear placeholder={t('version.app.search')} onSearch={(value) => setName(value.trim() || undefined)} style={{ width: 240 }} />
      </Space>
      <QueryState query={apps}>
        <Table<AppVersion>
          rowKey="id"
          columns={columns}
          dataSource={apps.data ?? []}
          loading={apps.isFetching && !apps.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('version.app.empty') }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </QueryState>
      {editing ? <AppDialog app={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
