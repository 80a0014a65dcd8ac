import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/use-can';
import { useDeleteProvider, type ProviderRow } from '../api/providers';
import { roleLabel } from './role-label';

export const PAGE = 'user/sso';

/** The providers list's columns: name and issuer, node, domains, table group → role, passwords, people, actions. */
export function useProviderColumns(edit: (row: ProviderRow) => void): ColumnsType<ProviderRow> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const remove = useDeleteProvider();
  return [
    {
      title: t('sso.columns.name'),
      key: 'name',
      render: (_, row) => (
        <div>
          <strong>{row.name}</strong> {row.enabled ? null : <Tag>{t('sso.off')}</Tag>}
          <div className="cf-sso__wrap">
            <Typography.Text type="secondary">{row.issuer}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('sso.columns.node'),
      key: 'node',
      width: 220,
      className: 'cf-sso__wrap',
      render: (_, row) => (row.nodeName && row.nodeName !== row.nodeAccount ? `${row.nodeName} (${row.nodeAccount})` : row.nodeAccount),
    },
    { title: t('sso.columns.domains'), key: 'domains', render: (_, row) => <Space size={4} wrap>{row.domains.map((d) => <Tag key={d}>{d}</Tag>)}</Space> },
    {
      title: t('sso.columns.groups'),
      key: 'groups',
      width: 320,
      className: 'cf-sso__wrap',
      render: (_, row) =>
        row.groups.length === 0 ? (
          <Typography.Text type="secondary">{t('sso.noGroups')}</Typography.Text>
        ) : (
          <Space orientation="vertical" size={0}>
            {row.groups.map((g) => (
              <span key={`${g.group}-${g.roleId}-${g.nodeId}`}>{t('sso.groupLine', { group: g.group, role: roleLabel(t, g.roleId, g.roleName), node: g.nodeAccount })}</span>
            ))}
          </Space>
        ),
    },
    { title: t('sso.columns.passwords'), key: 'passwords', render: (_, row) => (row.passwordsOff ? <Tag color="warning">{t('sso.passwordsOff')}</Tag> : t('sso.passwordsOn')) },
    { title: t('sso.columns.people'), key: 'people', width: 96, render: (_, row) => row.people },
    {
      title: t('sso.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={4} wrap>
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" icon={<EditOutlined />} onClick={() => edit(row)} data-testid={`edit-provider-${row.name}`}>
              {t('sso.edit')}
            </Button>
          ) : null}
          {can(`${PAGE}/delete`) ? (
            <Popconfirm
              title={t('sso.deleteConfirm', { name: row.name })}
              okButtonProps={{ danger: true }}
              okText={t('sso.delete')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                remove
                  .mutateAsync({ id: row.id })
                  .then(() => void message.success(t('sso.deleted')))
                  .catch(() => undefined)
              }
            >
              <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`delete-provider-${row.name}`}>
                {t('sso.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
}
