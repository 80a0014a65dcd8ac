import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import type { WebhookWithSecret } from './api/webhooks';
import { useWebhooks, type WebhookRow } from './api/webhooks';
import { webhookKeys } from './api/keys';
import { DeliveriesDrawer } from './components/deliveries-drawer';
import { SecretShown } from './components/secret-shown';
import { SubscriptionState } from './components/subscription-state';
import { WebhookActions } from './components/webhook-actions';
import { WebhookDialog } from './components/webhook-dialog';
import './webhook.css';

const PAGE = 'integration/webhook';
const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** Webhooks (integration/webhook): the user's subscriptions, their state and last delivery; new/edit, the secret
 * shown once, rotate, test event, delete, resume, and each subscription's deliveries with Replay. */
export default function WebhookPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const webhooks = useWebhooks();
  const [editing, setEditing] = useState<WebhookRow | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [drawer, setDrawer] = useState<WebhookRow | null>(null);
  const client = useQueryClient();
  const closeDrawer = () => {
    setDrawer(null);
    void client.invalidateQueries({ queryKey: webhookKeys.list() }); // its last delivery may have changed
  };
  const full = (webhooks.data?.list.length ?? 0) >= (webhooks.data?.max ?? 20);

  const columns: ColumnsType<WebhookRow> = [
    {
      title: t('webhook.columns.name'),
      key: 'name',
      render: (_, row) => (
        <div className="cf-webhook-name">
          <strong>{row.name}</strong>
          <div>
            <Typography.Text type="secondary" className="cf-webhook-url">
              {row.url}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('webhook.columns.events'),
      key: 'events',
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.events.map((event) => (
            <Tag key={event}>{event}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('webhook.columns.state'), key: 'state', render: (_, row) => <SubscriptionState row={row} /> },
    {
      title: t('webhook.columns.last'),
      key: 'last',
      render: (_, row) =>
        row.lastAt ? (
          <Space size={4} wrap>
            {when(row.lastAt)}
            <Tag color={row.lastState === 'delivered' ? 'success' : 'error'} data-testid="webhook-last-code">
              {row.lastCode ?? t('webhook.noAnswer')}
            </Tag>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('webhook.never')}</Typography.Text>
        ),
    },
    {
      title: t('webhook.columns.actions'),
      key: 'actions',
      render: (_, row) => <WebhookActions row={row} onDeliveries={() => setDrawer(row)} onEdit={() => setEditing(row)} onSecret={setSecret} />,
    },
  ];

  return (
    <Card size="small" title={t('webhook.title')} data-testid="webhook-page" className="cf-webhook-page">
      <Typography.Paragraph type="secondary">{t('webhook.intro')}</Typography.Paragraph>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} disabled={full} title={full ? t('webhook.full', { max: webhooks.data?.max ?? 20 }) : undefined} onClick={() => setEditing('new')} data-testid="add-webhook" style={{ marginBottom: 12 }}>
          {t('webhook.add')}
        </Button>
      ) : null}
      <QueryState query={webhooks}>
        <ResponsiveTable<WebhookRow>
          rowKey="subscriptionId"
          columns={columns}
          dataSource={webhooks.data?.list ?? []}
          loading={webhooks.isFetching && !webhooks.isPending}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('webhook.empty') }}
          cardTestId="webhook-card"
          data-testid="webhook-list"
          pagination={false}
        />
      </QueryState>
      {editing ? (
        <WebhookDialog
          row={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onCreated={(made) => {
            void message.success(t('webhook.created', { name: made.name }));
            setSecret(made);
          }}
        />
      ) : null}
      {secret ? <SecretShown made={secret} onClose={() => setSecret(null)} /> : null}
      {drawer ? <DeliveriesDrawer row={webhooks.data?.list.find((r) => r.subscriptionId === drawer.subscriptionId) ?? drawer} canReplay={can(`${PAGE}/edit`)} onClose={closeDrawer} /> : null}
    </Card>
  );
}
