import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/responsive-table';
import { useRevokeSessionToken, type SessionTokenRow } from '../api/sessions';
import { when } from './words';

/** The person's API tokens: name and public start, keys, expiry and last use; revoke one. */
export function TokenTable({ rows, loading }: { rows: SessionTokenRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const revoke = useRevokeSessionToken();
  const columns: ColumnsType<SessionTokenRow> = [
    {
      title: t('sessions.tokenColumns.name'),
      key: 'name',
      render: (_, row) => (
        <div>
          <strong>{row.name}</strong>
          <div>
            <Typography.Text type="secondary" code>
              {row.prefix}…
            </Typography.Text>
          </div>
        </div>
      ),
    },
    { title: t('sessions.tokenColumns.keys'), key: 'keys', render: (_, row) => t('sessions.keyCount', { count: row.keys.length }) },
    { title: t('sessions.columns.firstUse'), key: 'created', render: (_, row) => when(row.createdAt) },
    {
      title: t('sessions.tokenColumns.expires'),
      key: 'expires',
      render: (_, row) => (
        <Space size={4} wrap>
          {when(row.expiresAt)}
          {row.expired ? <Tag>{t('sessions.expired')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('sessions.columns.lastUse'),
      key: 'last',
      render: (_, row) => (row.lastUsedAt ? when(row.lastUsedAt) : <Typography.Text type="secondary">{t('sessions.never')}</Typography.Text>),
    },
    {
      title: t('sessions.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={t('sessions.revokeConfirm', { name: row.name })}
          okButtonProps={{ danger: true, 'data-testid': 'confirm-revoke-token' }}
          okText={t('sessions.revoke')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            revoke
              .mutateAsync({ id: row.id })
              .then(() => void message.success(t('sessions.revoked')))
              .catch(() => undefined)
          }
        >
          <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`revoke-session-token-${row.id}`}>
            {t('sessions.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <ResponsiveTable<SessionTokenRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('sessions.noTokens') }}
      cardTestId="session-token-card"
      data-testid="session-token-list"
    />
  );
}
