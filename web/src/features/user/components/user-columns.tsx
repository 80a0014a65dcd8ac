import { DownOutlined, LoadingOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Tag, Typography, type MenuProps, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { UserRow } from '../api/types';
import { levelName } from './labels';
import { CHILD_LEVEL, CUSTOMER_LEVEL, KEYS } from './user-access';
import type { RoleNames } from './use-role-names';
import type { TreeRow } from './use-user-tree';
import { actionsColumnWidth } from '@/lib/text-width';
import { MenuButton } from '@/components/menu-button';

export type UserAction = 'edit' | 'addChild' | 'roles' | 'email' | 'resetPassword' | 'sessions' | 'privacy' | 'endCustomer' | 'delete';

export const LEVEL_COLOURS: Readonly<Record<number, string>> = { 1: 'magenta', 2: 'geekblue', 3: 'green', 4: 'cyan', 5: 'default' };

interface ColumnOptions {
  t: TFunction;
  /** The acting user: it can appear in a search (an admin's level 1) but is not its own child. */
  selfId: number;
  names: RoleNames;
  can(...keys: string[]): boolean;
  onAction(action: UserAction, user: UserRow): void;
  onShowMore?(parentId: number): void;
  onRetry?(parentId: number): void;
}

/** The actions the user may take on a child user (each only with its key). */
export function userActions(t: TFunction, can: ColumnOptions['can'], user: UserRow) {
  const child = CHILD_LEVEL[user.levelDepth];
  const items: { key: UserAction; label: string; danger?: boolean }[] = [];
  if (child !== undefined && can(KEYS.userAdd)) items.push({ key: 'addChild', label: t('user.users.addChild', { level: levelName(t, child) }) });
  if (can(KEYS.userAssignRole, KEYS.groupAssign)) items.push({ key: 'roles', label: t('user.users.assignRoles') });
  if (can(KEYS.userEdit, KEYS.userTestMail)) items.push({ key: 'email', label: t('user.users.emailSettings') });
  if (can(KEYS.userResetPassword)) items.push({ key: 'resetPassword', label: t('user.users.resetPassword') });
  if (can(KEYS.userSessions)) items.push({ key: 'sessions', label: t('user.users.sessions') });
  if (can(KEYS.userExportData, KEYS.userErase)) items.push({ key: 'privacy', label: t('user.users.privacy') });
  if (user.levelDepth === CUSTOMER_LEVEL && can(KEYS.userEndCustomer)) items.push({ key: 'endCustomer', label: t('user.end.action'), danger: true });
  if (can(KEYS.userDelete)) items.push({ key: 'delete', label: t('user.common.delete'), danger: true });
  return items;
}

function ActionsCell({ user, options }: { user: UserRow; options: ColumnOptions }) {
  const { t, can, onAction } = options;
  if (user.userId === options.selfId) return null;
  const items = userActions(t, can, user);
  const menuItems: NonNullable<MenuProps['items']> = items.map((item) => ({ ...item, 'data-testid': `user-action:${item.key}` }));
  return (
    <Space size={4} wrap={false}>
      {can(KEYS.userEdit) && (
        <Button color="primary" variant="link" size="small" onClick={() => onAction('edit', user)} data-testid={`user-edit:${user.account}`}>
          {t('user.common.edit')}
        </Button>
      )}
      {items.length > 0 && (
        <MenuButton items={menuItems} onChoose={(key) => onAction(key as UserAction, user)} color="primary" variant="link" size="small" data-testid={`user-more:${user.account}`}>
          {t('user.common.more')} <DownOutlined />
        </MenuButton>
      )}
    </Space>
  );
}

/** A branch's "show more", loading or failed line takes the whole row. */
function branchLine(row: TreeRow, options: ColumnOptions) {
  const { t } = options;
  if (row.kind === 'loading') return <Typography.Text type="secondary"><LoadingOutlined /> {t('common.loading')}</Typography.Text>;
  if (row.kind === 'failed') {
    return (
      <Space>
        <Typography.Text type="danger">{t('user.users.childrenFailed')}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => options.onRetry?.(row.parentId)}>
          {t('user.common.retry')}
        </Button>
      </Space>
    );
  }
  if (row.kind === 'more') {
    return (
      <Button size="small" type="dashed" onClick={() => options.onShowMore?.(row.parentId)} data-testid={`user-more-children:${row.parentId}`}>
        {t('user.users.loadMore', { count: row.remaining })}
      </Button>
    );
  }
  return null;
}

const userOf = (row: TreeRow) => (row.kind === 'user' ? row.user : null);

/** The other cells of a branch line are covered by its first cell. */
const spanAll = (row: TreeRow) => ({ colSpan: row.kind === 'user' ? 1 : 0 });

export function userColumns(options: ColumnOptions): TableColumnsType<TreeRow> {
  const { t, names } = options;
  return [
    {
      title: t('user.fields.account'),
      key: 'account',
      width: 180,
      onCell: (row) => ({ colSpan: row.kind === 'user' ? 1 : 7 }),
      render: (_, row) => {
        const user = userOf(row);
        if (!user) return branchLine(row, options);
        return (
          <Space size={8} className="cf-user-cell">
            <Avatar size={24} src={user.url || undefined} icon={<UserOutlined />} />
            <span data-testid={`user-row:${user.account}`}>{user.account}</span>
          </Space>
        );
      },
    },
    { title: t('user.fields.name'), key: 'name', width: 160, ellipsis: true, onCell: spanAll, render: (_, row) => userOf(row)?.name },
    {
      title: t('user.fields.level'),
      key: 'level',
      width: 100,
      onCell: spanAll,
      render: (_, row) => {
        const user = userOf(row);
        return user && <Tag color={LEVEL_COLOURS[user.levelDepth]}>{levelName(t, user.levelDepth)}</Tag>;
      },
    },
    { title: t('user.fields.phone'), key: 'phone', width: 125, onCell: spanAll, render: (_, row) => <span dir="ltr">{userOf(row)?.phone || '—'}</span> },
    { title: t('user.fields.email'), key: 'email', ellipsis: true, onCell: spanAll, render: (_, row) => userOf(row)?.email.split(',').join(', ') || '—' },
    {
      title: t('user.fields.roles'),
      key: 'roles',
      width: 220,
      onCell: spanAll,
      render: (_, row) => {
        const user = userOf(row);
        if (!user) return null;
        return (
          <Space size={[4, 4]} wrap>
            {user.roleIds.map((id) => (
              <Tag key={id} className="cf-tag" title={names.role(id)}>
                {names.role(id)}
              </Tag>
            ))}
            {user.roleGroupId != null && (
              <Tag color="purple" className="cf-tag" title={names.group(user.roleGroupId)}>
                {names.group(user.roleGroupId)}
              </Tag>
            )}
          </Space>
        );
      },
    },
    {
      title: t('user.common.actions'),
      key: 'actions',
      width: actionsColumnWidth([t('user.common.edit'), t('user.common.more')], 1, 150),
      fixed: 'right',
      onCell: spanAll,
      render: (_, row) => {
        const user = userOf(row);
        return user && <ActionsCell user={user} options={options} />;
      },
    },
  ];
}
