import { PlusOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Avatar, Button, Card, Empty, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteShadow } from './api/shadows';
import { useShadows } from './api/shadows';
import type { UserRow } from './api/types';
import { ShadowFormModal } from './components/shadow-form-modal';
import { useCan } from '@/lib/use-can';
import { KEYS, useMe } from './components/user-access';
import { useRoleNames } from './components/use-role-names';
import './user.css';
import { LoadFailed } from '@/components/query-state';

const NO_BRANCHES: number[] = [];

/** Shadow users (user/userShadow): accounts acting for the signed-in user with their own roles. */
export default function ShadowUsersPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  // A shadow user acts for its owner and cannot have shadow users of its own.
  const isShadow = useMe().shadowId !== null;
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);
  const list = useShadows({ keyword: keyword || null, currentPage: page.current, pageSize: page.size });
  const names = useRoleNames(NO_BRANCHES);
  const remove = useDeleteShadow();

  const confirmDelete = (shadow: UserRow) => {
    modal.confirm({
      title: t('user.shadows.deleteTitle', { name: shadow.name }),
      content: t('user.shadows.deleteContent'),
      okText: t('user.common.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-shadow' },
      cancelText: t('user.common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(shadow.userId);
          void message.success(t('user.common.deleted'));
        } catch {
          // The client showed the server's message.
        }
      },
    });
  };

  const columns: TableColumnsType<UserRow> = [
    {
      title: t('user.fields.account'),
      key: 'account',
      render: (_, row) => (
        <Space>
          <Avatar size={24} src={row.url || undefined} icon={<UserOutlined />} />
          <span data-testid={`shadow-row:${row.account}`}>{row.account}</span>
        </Space>
      ),
    },
    { title: t('user.fields.name'), dataIndex: 'name', ellipsis: true },
    { title: t('user.fields.phone'), dataIndex: 'phone', width: 130, render: (v: string) => v || '—' },
    { title: t('user.fields.email'), dataIndex: 'email', ellipsis: true, render: (v: string) => v.split(',').join(', ') || '—' },
    {
      title: t('user.fields.roles'),
      key: 'roles',
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.roleIds.map((id) => (
            <Tag key={id} className="cf-tag" title={names.role(id)}>
              {names.role(id)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('user.fields.createTime'), key: 'createTime', width: 120, render: (_, row) => <span dir="ltr">{dayjs(row.createTime).format('YYYY-MM-DD')}</span> },
    // no actions column when the user may neither edit nor delete (a shadow of a read-only role)
    ...(can(KEYS.shadowEdit) || can(KEYS.shadowDelete) ? [{
      title: t('user.common.actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          {can(KEYS.shadowEdit) && (
            <Button color="primary" variant="link" size="small" onClick={() => setEditing(row)} data-testid={`shadow-edit:${row.account}`}>
              {t('user.common.edit')}
            </Button>
          )}
          {can(KEYS.shadowDelete) && (
            <Button color="danger" variant="link" size="small" onClick={() => confirmDelete(row)} data-testid={`shadow-delete:${row.account}`}>
              {t('user.common.delete')}
            </Button>
          )}
        </Space>
      ),
    } satisfies TableColumnsType<UserRow>[number]] : []),
  ];

  const search = () => {
    setKeyword(draft.trim());
    setPage((p) => ({ ...p, current: 1 }));
  };

  return (
    <div className="cf-users">
      <Card>
        <Alert type="info" showIcon title={t('user.shadows.intro')} className="cf-users__intro" />
        <div className="cf-users__toolbar">
          <Space wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('user.shadows.searchPlaceholder')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onPressEnter={search}
              className="cf-users__keyword"
              maxLength={64}
            />
            <Button type="primary" icon={<SearchOutlined />} onClick={search}>
              {t('user.common.search')}
            </Button>
          </Space>
          {can(KEYS.shadowAdd) && !isShadow && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="shadow-add">
              {t('user.shadows.add')}
            </Button>
          )}
        </div>
        {list.isError && !list.data ? (
          <LoadFailed title={t('user.common.loadFailed')} onRetry={list.refetch} retryText={t('user.common.retry')} />
        ) : (
          <Table<UserRow>
            rowKey="userId"
            size="middle"
            columns={columns}
            dataSource={list.data?.list ?? []}
            loading={list.isLoading}
            scroll={{ x: 960 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.shadows.empty')} /> }}
            pagination={{
              current: page.current,
              pageSize: page.size,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('user.common.total', { count: total }),
              onChange: (current, size) => setPage({ current, size }),
            }}
          />
        )}
      </Card>
      {editing !== undefined && <ShadowFormModal shadow={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}
