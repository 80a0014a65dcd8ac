import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteGroup } from './api/role-groups';
import { useGroups } from './api/role-groups';
import type { GroupRow } from './api/types';
import { GroupAssignModal } from './components/group-assign-modal';
import { GroupFormModal } from './components/group-form-modal';
import { useCan } from '@/lib/use-can';
import { KEYS } from './components/user-access';
import { useRoleNames } from './components/use-role-names';
import './user.css';
import { LoadFailed } from '@/components/query-state';

const NO_BRANCHES: number[] = [];

type Dialog = { kind: 'form'; group: GroupRow | null } | { kind: 'assign'; group: GroupRow };

/** Role groups (user/index/role_group): named sets of roles given to users and their child users. */
export default function RoleGroupsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  const groups = useGroups(null);
  const names = useRoleNames(NO_BRANCHES);
  const remove = useDeleteGroup();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const confirmDelete = (group: GroupRow) => {
    modal.confirm({
      title: t('user.groups.deleteTitle', { name: group.name }),
      content: t('user.groups.deleteContent'),
      okText: t('user.common.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete-group' },
      cancelText: t('user.common.cancel'),
      onOk: async () => {
        try {
          const answer = await remove.mutateAsync(group.id);
          void message.success(t('user.groups.deletedUsers', { count: answer.users }));
        } catch {
          // The client showed the server's message.
        }
      },
    });
  };

  const columns: TableColumnsType<GroupRow> = [
    { title: t('user.fields.name'), dataIndex: 'name', render: (name: string) => <span data-testid={`group-row:${name}`}>{name}</span> },
    { title: t('user.fields.description'), dataIndex: 'description', ellipsis: true, render: (v: string) => v || '—' },
    {
      title: t('user.fields.roles'),
      key: 'roles',
      render: (_, group) => (
        <Space size={[4, 4]} wrap>
          {group.roleIds.map((id) => (
            <Tag key={id} className="cf-tag" title={names.role(id)}>
              {names.role(id)}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('user.fields.createTime'), key: 'createTime', width: 120, render: (_, group) => <span dir="ltr">{dayjs(group.createTime).format('YYYY-MM-DD')}</span> },
    {
      title: t('user.common.actions'),
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, group) => (
        <Space size={4}>
          {can(KEYS.groupAssign) && (
            <Tooltip title={group.assignable ? undefined : t('user.groups.notAssignable')}>
              <Button
                color="primary" variant="link"
                size="small"
                disabled={!group.assignable}
                onClick={() => setDialog({ kind: 'assign', group })}
                data-testid={`group-assign:${group.name}`}
              >
                {t('user.groups.assign')}
              </Button>
            </Tooltip>
          )}
          {group.editable && can(KEYS.groupEdit) && (
            <Button color="primary" variant="link" size="small" onClick={() => setDialog({ kind: 'form', group })} data-testid={`group-edit:${group.name}`}>
              {t('user.common.edit')}
            </Button>
          )}
          {group.editable && can(KEYS.groupDelete) && (
            <Button color="danger" variant="link" size="small" onClick={() => confirmDelete(group)} data-testid={`group-delete:${group.name}`}>
              {t('user.common.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="cf-users">
      <Card>
        <div className="cf-users__toolbar">
          <Typography.Text type="secondary">{t('user.groups.intro')}</Typography.Text>
          <Space>
            <Button icon={<ReloadOutlined />} onClick={() => void groups.refetch()} aria-label={t('common.reload')} />
            {can(KEYS.groupAdd) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'form', group: null })} data-testid="group-add">
                {t('user.groups.add')}
              </Button>
            )}
          </Space>
        </div>
        {groups.isError && !groups.data ? (
          <LoadFailed title={t('user.common.loadFailed')} onRetry={groups.refetch} retryText={t('user.common.retry')} />
        ) : (
          <Table<GroupRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={groups.data ?? []}
            loading={groups.isLoading}
            scroll={{ x: 820 }}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.groups.empty')} /> }}
          />
        )}
      </Card>
      {dialog?.kind === 'form' && <GroupFormModal group={dialog.group} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'assign' && <GroupAssignModal group={dialog.group} onClose={() => setDialog(null)} />}
    </div>
  );
}
