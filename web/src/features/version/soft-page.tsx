import { EditOutlined, PlusOutlined, ApartmentOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { useCan } from '@/lib/use-can';
import { useDeleteSoft, useSoftVersions, useUnpublishSoft, type SoftFilters, type SoftSent, type SoftVersion } from './api/soft';
import { RangeDrawer } from './components/range-drawer';
import { SOFT_TYPES, SoftDialog } from './components/soft-dialog';
import { rangeSummary, softFileColumns } from './components/soft-columns';
import { SoftPublishDialog } from './components/soft-publish-dialog';
import { useLiveOtaRefresh } from './lib/live';

const PAGE = 'version/soft';
const PAGE_SIZE = 20;

/** Software versions (version/soft): the robots' navigation software and pad packages, each published to a device
 * range (all robots or a white list, less a black list, plus internal test devices) through the OTA machinery,
 * the robots' updates live, and the history of its ranges. */
export default function SoftVersionsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [filters, setFilters] = useState<SoftFilters>({ currentPage: 1, pageSize: PAGE_SIZE });
  const list = useSoftVersions(filters);
  const unpublish = useUnpublishSoft();
  const remove = useDeleteSoft();
  const [editing, setEditing] = useState<SoftVersion | 'new' | null>(null);
  const [publishing, setPublishing] = useState<SoftVersion | null>(null);
  const [ranging, setRanging] = useState<SoftVersion | null>(null);
  useLiveOtaRefresh();
  const rows = list.data?.list ?? [];
  const fresh = (v: SoftVersion) => rows.find((x) => x.versionId === v.versionId) ?? v;
  const filter = (change: Partial<SoftFilters>) => setFilters((now) => ({ ...now, ...change, currentPage: 1 }));
  const sentMessage = (sent: SoftSent) => void message.success(t('version.soft.sent', { sent: sent.sent, upToDate: sent.upToDate, skipped: sent.skipped }));
  const typeName = (name: string) => t(`version.soft.types.${name as 'soft' | 'pad'}`, { defaultValue: name });

  const publishSwitch = (v: SoftVersion) => {
    const toggle = (onClick?: () => void) => (
      <Switch checked={v.published} onClick={onClick} checkedChildren={t('version.soft.publishedState')} unCheckedChildren={t('version.soft.draft')} data-testid={`soft-published-${v.name}`} />
    );
    if (!can(`${PAGE}/publish`)) return <Tag color={v.published ? 'success' : 'default'}>{v.published ? t('version.soft.publishedState') : t('version.soft.draft')}</Tag>;
    if (!v.published) return toggle(() => setPublishing(v));
    return (
      <Popconfirm
        title={t('version.soft.unpublishConfirm', { name: v.name })}
        onConfirm={() => unpublish.mutateAsync({ versionId: v.versionId }).then(() => void message.success(t('version.soft.unpublished'))).catch(() => undefined)}
      >
        {toggle()}
      </Popconfirm>
    );
  };

  const columns: ColumnsType<SoftVersion> = [
    ...softFileColumns(t, typeName),
    { title: t('version.soft.fields.published'), key: 'published', render: (_, v) => publishSwitch(v) },
    {
      title: t('version.soft.fields.range'),
      key: 'range',
      render: (_, v) => (
        <Button size="small" icon={<ApartmentOutlined />} onClick={() => setRanging(v)} data-testid={`soft-range-${v.name}`}>
          {rangeSummary(t, v)}
        </Button>
      ),
    },
    { title: t('version.soft.fields.robots'), key: 'robots', render: (_, v) => t('version.soft.counts', { updated: v.updated, updating: v.updating, failed: v.failed }) },
    {
      title: t('version.actions'),
      key: 'actions',
      render: (_, v) => (
        <Space size={4}>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(v)} data-testid={`soft-edit-${v.name}`}>
              {t('version.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton
              confirm={t('version.soft.deleteConfirm', { name: v.name })}
              onDelete={() => remove.mutateAsync({ versionId: v.versionId })}
              label={t('version.delete')}
              successText={t('version.soft.deleted')}
              testId={`soft-delete-${v.name}`}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t('version.soft.title')} data-testid="soft-page">
      <Space wrap style={{ marginBottom: 12 }}>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-soft">
            {t('version.soft.add')}
          </Button>
        ) : null}
        <Input.Search allowClear placeholder={t('version.soft.search')} onSearch={(value) => filter({ name: value.trim() || undefined })} style={{ width: 240 }} data-testid="soft-search" />
        <Select<number | undefined>
          allowClear
          placeholder={t('version.soft.allTypes')}
          aria-label={t('version.soft.allTypes')}
          style={{ width: 200 }}
          options={SOFT_TYPES.map((type) => ({ value: type.id, label: typeName(type.name) }))}
          onChange={(typeId) => filter({ typeId })}
        />
        <Select<'yes' | 'no' | undefined>
          allowClear
          placeholder={t('version.soft.allStates')}
          aria-label={t('version.soft.allStates')}
          style={{ width: 180 }}
          options={[
            { value: 'yes', label: t('version.soft.publishedState') },
            { value: 'no', label: t('version.soft.draft') },
          ]}
          onChange={(state) => filter({ published: state === undefined ? undefined : state === 'yes' })}
        />
      </Space>
      <QueryState query={list}>
        <Table<SoftVersion>
          rowKey="versionId"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching && !list.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('version.soft.empty') }}
          pagination={{
            current: filters.currentPage,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (currentPage) => setFilters((now) => ({ ...now, currentPage })),
          }}
        />
      </QueryState>
      {editing ? <SoftDialog version={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {publishing ? (
        <SoftPublishDialog
          version={publishing}
          onClose={() => setPublishing(null)}
          onPublished={(sent) => {
            sentMessage(sent);
            setRanging(sent.version);
          }}
        />
      ) : null}
      {ranging ? <RangeDrawer version={fresh(ranging)} canChange={can(`${PAGE}/range`)} onClose={() => setRanging(null)} onSent={sentMessage} /> : null}
    </Card>
  );
}
