import { LogoutOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/responsive-table';
import { useEndSession, type SessionRow } from '../api/sessions';
import { browserWords, when } from './words';

const METHODS = ['password', 'oidc', 'passkey'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (value: string): value is Method => (METHODS as readonly string[]).includes(value);

/** The live console sessions: browser and system, address, how it began, first and last use; end one. */
export function SessionTable({ rows, loading }: { rows: SessionRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const end = useEndSession();
  const columns: ColumnsType<SessionRow> = [
    {
      title: t('sessions.columns.browser'),
      key: 'browser',
      render: (_, row) => (
        <Space size={4} wrap>
          <strong>{browserWords(t, row)}</strong>
          {row.current ? <Tag color="success">{t('sessions.current')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('sessions.columns.address'), key: 'address', render: (_, row) => row.address ?? '—' },
    {
      title: t('sessions.columns.method'),
      key: 'method',
      render: (_, row) => (isMethod(row.method) ? t(`sessions.methods.${row.method}`) : row.method),
    },
    { title: t('sessions.columns.firstUse'), key: 'first', render: (_, row) => when(row.createdAt) },
    {
      title: t('sessions.columns.lastUse'),
      key: 'last',
      render: (_, row) => (row.lastUsedAt ? when(row.lastUsedAt) : <Typography.Text type="secondary">{t('sessions.notSince')}</Typography.Text>),
    },
    {
      title: t('sessions.columns.actions'),
      key: 'actions',
      render: (_, row) =>
        row.current ? null : (
          <Popconfirm
            title={t('sessions.endConfirm', { browser: browserWords(t, row) })}
            okButtonProps={{ danger: true, 'data-testid': 'confirm-end-session' }}
            okText={t('sessions.end')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              end
                .mutateAsync({ id: row.id })
                .then(() => void message.success(t('sessions.ended')))
                .catch(() => undefined)
            }
          >
            <Button size="small" type="link" danger icon={<LogoutOutlined />} data-testid={`end-session-${row.id}`}>
              {t('sessions.end')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <ResponsiveTable<SessionRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('sessions.noSessions') }}
      cardTestId="session-card"
      data-testid="session-list"
    />
  );
}
