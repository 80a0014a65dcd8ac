import { CloudDownloadOutlined, CloudUploadOutlined, EditOutlined, PlusOutlined, SearchOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@/components/delete-button';
import { useCan } from '@/lib/use-can';
import { useDeleteWhole, useEditWhole, useWholeVersions, type WholeVersion } from './api/machine-versions';
import { PagedTable } from './components/paged-table';
import { ListsDialog } from './components/lists-dialog';
import { WholeVersionDialog } from './components/whole-version-dialog';
import { formatTime } from '@/lib/format';

const PAGE = 'version/index/whole_version';
const PAGE_SIZE = 20;
type StateFilter = 'all' | 'published' | 'unpublished';

/** Whole-machine versions (version/index/whole_version): search and filter by state, add, edit and delete an
 * unpublished one, its white and black lists, publish and cancel the publish, each confirmed. */
export default function WholeVersionPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [text, setText] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const [filter, setFilter] = useState<{ name: string; published?: boolean; currentPage: number }>({ name: '', currentPage: 1 });
  const [editing, setEditing] = useState<WholeVersion | 'new' | null>(null);
  const [listsOf, setListsOf] = useState<WholeVersion | null>(null);
  const versions = useWholeVersions({ ...filter, pageSize: PAGE_SIZE });
  const edit = useEditWhole();
  const remove = useDeleteWhole();
  const search = () => setFilter({ name: text.trim(), published: state === 'all' ? undefined : state === 'published', currentPage: 1 });
  const togglePublish = (v: WholeVersion) =>
    edit
      .mutateAsync({ id: v.id, published: !v.published })
      .then(() => void message.success(t(v.published ? 'machineversion.whole.cancelledDone' : 'machineversion.whole.publishedDone')))
      .catch(() => undefined);

  const columns: ColumnsType<WholeVersion> = [
    {
      title: t('machineversion.whole.fields.name'),
      key: 'name',
      render: (_, v) => (
        <div>
          <strong>{v.name}</strong> <Tag>{v.versionNumber}</Tag>
          {v.description ? <div><Typography.Text type="secondary">{v.description}</Typography.Text></div> : null}
        </div>
      ),
    },
    {
      title: t('machineversion.whole.fields.versions'),
      key: 'versions',
      render: (_, v) => (
        <div>
          <div>{t('machineversion.whole.fields.softVersion')}: {v.softVersion}</div>
          <div>{t('machineversion.whole.fields.firmwareVersion')}: {v.firmwareVersion}</div>
          <div>{t('machineversion.whole.fields.appVersion')}: {v.appVersion || '—'}</div>
        </div>
      ),
    },
    {
      title: t('machineversion.whole.fields.state'),
      key: 'state',
      render: (_, v) => (
        <div data-testid={`whole-state-${v.name}`}>
          <Tag color={v.published ? 'success' : 'default'}>{v.published ? t('machineversion.whole.published') : t('machineversion.whole.unpublished')}</Tag>
          {v.publishTime ? <div><Typography.Text type="secondary">{formatTime(v.publishTime)}</Typography.Text></div> : null}
        </div>
      ),
    },
    {
      title: t('machineversion.whole.lists'),
      key: 'lists',
      render: (_, v) => (
        <Tooltip title={v.published ? t('machineversion.whole.frozen') : undefined}>
          <Button size="small" icon={<UnorderedListOutlined />} disabled={v.published || !can(`${PAGE}/range`)} onClick={() => setListsOf(v)} data-testid={`whole-lists-${v.name}`}>
            {t('machineversion.whole.listCounts', { white: v.whiteCount, black: v.blackCount })}
          </Button>
        </Tooltip>
      ),
    },
    { title: t('machineversion.whole.fields.creator'), key: 'creator', render: (_, v) => v.userName },
    {
      title: t('machineversion.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, v) => (
        <Space size={4}>
          {can(`${PAGE}/publish`) ? (
            <Popconfirm
              title={t(v.published ? 'machineversion.whole.cancelConfirm' : 'machineversion.whole.publishConfirm', { name: v.name })}
              onConfirm={() => togglePublish(v)}
            >
              <Button size="small" type="link" icon={v.published ? <CloudDownloadOutlined /> : <CloudUploadOutlined />} data-testid={`whole-publish-${v.name}`}>
                {v.published ? t('machineversion.whole.cancelPublish') : t('machineversion.whole.publish')}
              </Button>
            </Popconfirm>
          ) : null}
          {can(`${PAGE}/edit`) ? (
            <Tooltip title={v.published ? t('machineversion.whole.frozen') : undefined}>
              <Button size="small" type="link" icon={<EditOutlined />} disabled={v.published} onClick={() => setEditing(v)}>
                {t('machineversion.edit')}
              </Button>
            </Tooltip>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <DeleteButton
              confirm={t('machineversion.whole.deleteConfirm', { name: v.name })}
              onDelete={() => remove.mutateAsync({ id: v.id })}
              label={t('machineversion.delete')}
              successText={t('machineversion.whole.deleted')}
              disabled={v.published}
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t('machineversion.whole.title')} data-testid="whole-version-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('machineversion.whole.search')} value={text} onChange={(e) => setText(e.target.value)} onPressEnter={search} style={{ width: 220 }} />
        <Select<StateFilter>
          value={state}
          onChange={setState}
          aria-label={t('machineversion.whole.fields.state')}
          style={{ width: 150 }}
          options={[
            { value: 'all', label: t('machineversion.whole.allStates') },
            { value: 'published', label: t('machineversion.whole.published') },
            { value: 'unpublished', label: t('machineversion.whole.unpublished') },
          ]}
        />
        <Button icon={<SearchOutlined />} onClick={search}>
          {t('machineversion.searchButton')}
        </Button>
        {can(`${PAGE}/add`) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-whole-version">
            {t('machineversion.whole.add')}
          </Button>
        ) : null}
      </Space>
      <PagedTable<WholeVersion>
        query={versions}
        columns={columns}
        emptyText={t('machineversion.whole.empty')}
        currentPage={filter.currentPage}
        pageSize={PAGE_SIZE}
        onPage={(currentPage) => setFilter((f) => ({ ...f, currentPage }))}
      />
      {editing ? <WholeVersionDialog version={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {listsOf ? (
        <ListsDialog
          version={listsOf}
          onClose={() => setListsOf(null)}
          onSaved={() => {
            void message.success(t('machineversion.whole.listsSaved'));
            setListsOf(null);
          }}
        />
      ) : null}
    </Card>
  );
}
