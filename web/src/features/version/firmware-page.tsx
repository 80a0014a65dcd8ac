import { CloudUploadOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useDeleteFirmware, useFirmwareList, useUpdateFirmware, type Firmware } from './api/firmware';
import { FirmwareDialog } from './components/firmware-dialog';
import { Publications } from './components/publications';
import { PublishDialog } from './components/publish-dialog';
import { Rollouts } from './components/rollouts';
import { SignatureCell } from './components/signature-cell';
import { SigningStatus } from './components/signing-status';
import { useLiveOtaRefresh } from './lib/live';

const PAGE = 'version/fireware';

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** Firmware (version/fireware): packages with their SHA-256, publishing to a white list with each robot's update
 * live, and staged rollouts with each group's progress. */
export default function FirmwarePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const firmware = useFirmwareList();
  const update = useUpdateFirmware();
  const remove = useDeleteFirmware();
  const [editing, setEditing] = useState<Firmware | 'new' | null>(null);
  const [publishing, setPublishing] = useState<Firmware | null>(null);
  const [showing, setShowing] = useState<Firmware | null>(null);
  useLiveOtaRefresh();
  const list = firmware.data ?? [];
  const current = (f: Firmware | null) => (f ? (list.find((x) => x.id === f.id) ?? f) : null);

  const columns: ColumnsType<Firmware> = [
    {
      title: t('version.fields.name'),
      key: 'name',
      render: (_, f) => (
        <div>
          <strong>{f.name}</strong> <Tag>{f.version}</Tag>
          {f.description ? <div><Typography.Text type="secondary">{f.description}</Typography.Text></div> : null}
        </div>
      ),
    },
    {
      title: t('version.fields.file'),
      key: 'file',
      render: (_, f) => (
        <div>
          <div>
            {f.fileName} · {size(f.size)}
          </div>
          <Typography.Text type="secondary" copyable={{ text: f.sha256 }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {f.sha256.slice(0, 16)}…
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('version.signature.column'),
      key: 'signature',
      render: (_, f) => <SignatureCell firmware={f} />,
    },
    {
      title: t('version.fields.enabled'),
      key: 'enabled',
      render: (_, f) =>
        can(`${PAGE}/enable`) || can(`${PAGE}/edit`) ? (
          <Popconfirm
            title={t(f.enabled ? 'version.disableConfirm' : 'version.enableConfirm', { name: f.name })}
            onConfirm={() => update.mutateAsync({ id: f.id, enabled: !f.enabled }).then(() => void message.success(t('version.saved'))).catch(() => undefined)}
          >
            <Switch checked={f.enabled} checkedChildren={t('version.enabled')} unCheckedChildren={t('version.disabled')} />
          </Popconfirm>
        ) : (
          <Tag color={f.enabled ? 'success' : 'default'}>{f.enabled ? t('version.enabled') : t('version.disabled')}</Tag>
        ),
    },
    {
      title: t('version.fields.counts'),
      key: 'counts',
      render: (_, f) => (
        <Button size="small" icon={<UnorderedListOutlined />} onClick={() => setShowing(f)} data-testid={`firmware-records-${f.name}`}>
          {t('version.counts', { updated: f.updated, updating: f.updating })}
        </Button>
      ),
    },
    {
      title: t('version.actions'),
      key: 'actions',
      render: (_, f) => (
        <Space size={4}>
          {can(`${PAGE}/publish`) ? (
            <Button size="small" type="link" icon={<CloudUploadOutlined />} disabled={!f.enabled} onClick={() => setPublishing(f)} data-testid={`publish-${f.name}`}>
              {t('version.publish')}
            </Button>
          ) : null}
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(f)}>
              {t('version.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton
              confirm={t('version.deleteConfirm', { name: f.name })}
              onDelete={() => remove.mutateAsync({ id: f.id })}
              label={t('version.delete')}
              successText={t('version.deleted')}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  const firmwareTab = (
    <>
      <SigningStatus canUpload={can(`${PAGE}/add`)} />
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} style={{ marginBottom: 12 }} data-testid="add-firmware">
          {t('version.add')}
        </Button>
      ) : null}
      <QueryState query={firmware}>
        <Table<Firmware>
          rowKey="id"
          columns={columns}
          dataSource={list}
          loading={firmware.isFetching && !firmware.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('version.empty') }}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </QueryState>
    </>
  );

  return (
    <Card size="small" title={t('version.title')} data-testid="firmware-page">
      <Tabs
        items={[
          { key: 'firmware', label: t('version.tabs.firmware'), children: firmwareTab },
          { key: 'rollouts', label: t('version.tabs.rollouts'), children: <Rollouts firmware={list} canChange={can(`${PAGE}/rollout`)} /> },
        ]}
      />
      {editing ? <FirmwareDialog firmware={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {publishing ? (
        <PublishDialog
          firmware={publishing}
          onClose={() => setPublishing(null)}
          onPublished={(count) => {
            void message.success(t('version.published', { count }));
            setShowing(publishing);
          }}
        />
      ) : null}
      {showing ? <Publications firmware={current(showing) ?? showing} canPublish={can(`${PAGE}/publish`)} onClose={() => setShowing(null)} /> : null}
    </Card>
  );
}
