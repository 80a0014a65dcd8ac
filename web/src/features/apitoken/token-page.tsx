import { DeleteOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import { useRevokeToken, type CreatedToken } from './api/tokens';
import { useTokens, type TokenRow } from './api/tokens';
import { TokenDialog } from './components/token-dialog';
import { TokenShown } from './components/token-shown';
import './token.css';

const PAGE = 'integration/token';
const PAGE_SIZE = 20;

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** API tokens (integration/token): the branch's tokens, a new token shown once, revoke with confirmation. */
export default function TokenPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [currentPage, setCurrentPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const tokens = useTokens({ currentPage, pageSize: PAGE_SIZE });
  const revoke = useRevokeToken();

  const columns: ColumnsType<TokenRow> = [
    {
      title: t('apitoken.columns.name'),
      key: 'name',
      render: (_, row) => (
        <div>
          <strong>{row.name}</strong>
          <div>
            <Typography.Text type="secondary" code>
              {row.prefix}…
            </Typography.Text>{' '}
            {/* the id the operation log names the token by (names are reused after a revocation) */}
            <Typography.Text type="secondary">#{row.id}</Typography.Text>
          </div>
        </div>
      ),
    },
    { title: t('apitoken.columns.creator'), key: 'creator', render: (_, row) => row.account },
    {
      title: t('apitoken.columns.keys'),
      key: 'keys',
      render: (_, row) => (
        <Space size={4} wrap>
          <Tooltip title={row.keys.join(', ')}>
            <Tag tabIndex={0}>{t('apitoken.keyCount', { count: row.keys.length })}</Tag>
          </Tooltip>
          {row.lostKeys.length > 0 ? (
            <Tag color="warning" icon={<WarningOutlined />}>
              {t('apitoken.lostKeys', { count: row.lostKeys.length })}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('apitoken.columns.created'), key: 'created', render: (_, row) => when(row.createdAt) },
    {
      title: t('apitoken.columns.expires'),
      key: 'expires',
      render: (_, row) => (
        <Space size={4} wrap>
          {when(row.expiresAt)}
          {row.expired ? <Tag color="default">{t('apitoken.expired')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('apitoken.columns.lastUsed'),
      key: 'lastUsed',
      render: (_, row) => (row.lastUsedAt ? when(row.lastUsedAt) : <Typography.Text type="secondary">{t('apitoken.never')}</Typography.Text>),
    },
  ];
  if (can(`${PAGE}/delete`)) {
    columns.push({
      title: t('apitoken.columns.actions'),
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={t('apitoken.revokeConfirm', { name: row.name })}
          okButtonProps={{ danger: true }}
          okText={t('apitoken.revoke')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            revoke
              .mutateAsync({ id: row.id })
              .then(() => void message.success(t('apitoken.revoked')))
              .catch(() => undefined)
          }
        >
          <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid={`revoke-token-${row.name}`}>
            {t('apitoken.revoke')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  return (
    <Card size="small" title={t('apitoken.title')} data-testid="token-page" className="cf-token-page">
      <Typography.Paragraph type="secondary">{t('apitoken.intro')}</Typography.Paragraph>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-token" style={{ marginBottom: 12 }}>
          {t('apitoken.add')}
        </Button>
      ) : null}
      <QueryState query={tokens}>
        <ResponsiveTable<TokenRow>
          rowKey="id"
          columns={columns}
          dataSource={tokens.data?.list ?? []}
          loading={tokens.isFetching && !tokens.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('apitoken.empty') }}
          cardTestId="token-card"
          data-testid="token-list"
          pagination={{
            current: currentPage,
            pageSize: PAGE_SIZE,
            total: tokens.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (count) => t('apitoken.total', { count }),
            onChange: setCurrentPage,
          }}
        />
      </QueryState>
      {adding ? (
        <TokenDialog
          onClose={() => setAdding(false)}
          onCreated={(token) => {
            void message.success(t('apitoken.shown.title', { name: token.name }));
            setCreated(token);
          }}
        />
      ) : null}
      {created ? <TokenShown token={created} onClose={() => setCreated(null)} /> : null}
    </Card>
  );
}
