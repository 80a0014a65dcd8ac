import { LockOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteRole } from './api/roles';
import { useRoles } from './api/roles';
import type { RoleRow } from './api/types';
import { presetRoleDescription, roleName } from './components/labels';
import { RoleDrawer, type RoleDrawerTarget } from './components/role-drawer';
import { useCan } from '@/lib/use-can';
import { KEYS } from './components/user-access';
import './user.css';
import { LoadFailed } from '@/components/query-state';

/** Roles (user/role): the presets (read-only) and custom roles, each a set of page and button keys. */
export default function RolesPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  const roles = useRoles(null);
  const remove = useDeleteRole();
  const [drawer, setDrawer] = useState<RoleDrawerTarget | null>(null);

  const confirmDelete = (role: RoleRow) => {
    modal.confirm({
      title: t('user.roles.deleteTitle', { name: role.name }),
      content: t('user.roles.deleteContent'),
      okText: t('user.common.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-role' },
      cancelText: t('user.common.cancel'),
      onOk: async () => {
        try {
          const answer = await remove.mutateAsync(role.id);
          void message.success(t('user.roles.deletedHolders', { count: answer.holders }));
        } catch {
          // The client showed the server's message.
        }
      },
    });
  };

  const columns: TableColumnsType<RoleRow> = [
    {
      title: t('user.fields.name'),
      key: 'name',
      render: (_, role) => (
        <Space>
          <Typography.Text strong data-testid={`role-row:${role.name}`}>
            {roleName(t, role)}
          </Typography.Text>
          {role.preset ? <Tag color="gold">{t('user.roles.preset')}</Tag> : <Tag color="blue">{t('user.roles.custom')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('user.fields.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (v: string, role) => v || presetRoleDescription(t, role) || '—',
    },
    { title: t('user.fields.keys'), key: 'keys', width: 150, render: (_, role) => t('user.roles.keyCount', { count: role.keys.length }) },
    {
      title: t('user.fields.createTime'),
      key: 'createTime',
      width: 120,
      render: (_, role) => (role.preset ? '—' : <span dir="ltr">{dayjs(role.createTime).format('YYYY-MM-DD')}</span>),
    },
    {
      title: t('user.common.actions'),
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, role) => {
        const editable = role.editable && can(KEYS.roleEdit);
        return (
          <Space size={4}>
            {editable ? (
              <Button color="primary" variant="link" size="small" onClick={() => setDrawer({ mode: 'edit', role })} data-testid={`role-edit:${role.name}`}>
                {t('user.common.edit')}
              </Button>
            ) : (
              <Button color="primary" variant="link" size="small" onClick={() => setDrawer({ mode: 'view', role })} data-testid={`role-view:${role.name}`}>
                {t('user.common.view')}
              </Button>
            )}
            {role.editable && can(KEYS.roleDelete) && (
              <Button color="danger" variant="link" size="small" onClick={() => confirmDelete(role)} data-testid={`role-delete:${role.name}`}>
                {t('user.common.delete')}
              </Button>
            )}
            {role.preset && (
              <Tooltip title={t('user.roles.presetReadOnly')}>
                <LockOutlined className="cf-muted" aria-label={t('user.roles.presetReadOnly')} />
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="cf-users">
      <Card>
        <div className="cf-users__toolbar">
          <Typography.Text type="secondary">{t('user.roles.presetReadOnly')}</Typography.Text>
          <Space>
            <Button icon={<ReloadOutlined />} onClick={() => void roles.refetch()} aria-label={t('common.reload')} />
            {can(KEYS.roleAdd) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ mode: 'create' })} data-testid="role-add">
                {t('user.roles.add')}
              </Button>
            )}
          </Space>
        </div>
        {roles.isError && !roles.data ? (
          <LoadFailed title={t('user.common.loadFailed')} onRetry={roles.refetch} retryText={t('user.common.retry')} />
        ) : (
          <Table<RoleRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={roles.data ?? []}
            loading={roles.isLoading}
            scroll={{ x: 820 }}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.roles.empty')} /> }}
          />
        )}
      </Card>
      {drawer && <RoleDrawer target={drawer} onClose={() => setDrawer(null)} />}
    </div>
  );
}
