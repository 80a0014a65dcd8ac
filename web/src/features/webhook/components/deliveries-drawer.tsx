import { RedoOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Popover, Segmented, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { useReplayDelivery } from '../api/webhooks';
import { useDeliveries, type DeliveryRow } from '../api/deliveries';
import type { WebhookRow } from '../api/webhooks';
import { StateTag } from './state-tag';

const PAGE_SIZE = 20;
type StateFilter = 'all' | 'pending' | 'delivered' | 'failed';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/**
 * A subscription's deliveries: time, event, state, answer code, duration, why it failed (the server's category,
 * translated: never an error's text), each attempt on demand, Replay.
 */
export function DeliveriesDrawer({ row, canReplay, onClose }: { row: WebhookRow; canReplay: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [currentPage, setCurrentPage] = useState(1);
  const [state, setState] = useState<StateFilter>('all');
  const deliveries = useDeliveries({
    subscriptionId: row.subscriptionId,
    currentPage,
    pageSize: PAGE_SIZE,
    ...(state === 'all' ? {} : { state }),
  });
  const replay = useReplayDelivery();

  const columns: ColumnsType<DeliveryRow> = [
    { title: t('webhook.deliveries.time'), key: 'time', render: (_, d) => when(d.createdAt) },
    { title: t('webhook.deliveries.event'), key: 'event', render: (_, d) => <Typography.Text code>{d.eventType}</Typography.Text> },
    { title: t('webhook.deliveries.state'), key: 'state', render: (_, d) => <StateTag kind="delivery" state={d.state} /> },
    { title: t('webhook.deliveries.code'), key: 'code', render: (_, d) => d.lastCode ?? '—' },
    {
      title: t('webhook.deliveries.duration'),
      key: 'duration',
      render: (_, d) => (d.lastDurationMs === null || d.lastDurationMs === undefined ? '—' : `${d.lastDurationMs} ms`),
    },
    {
      title: t('webhook.deliveries.attempts'),
      key: 'attempts',
      render: (_, d) =>
        d.tries.length ? (
          <Popover
            trigger={['click', 'focus']}
            content={
              <ol className="cf-webhook-tries">
                {d.tries.map((attempt) => (
                  <li key={attempt.at}>
                    {when(attempt.at)} · {t(`webhook.states.${attempt.state}`)} · {attempt.code ?? '—'} · {attempt.durationMs} ms
                    {attempt.error ? ` · ${t(`webhook.failures.${attempt.error}`)}` : ''}
                  </li>
                ))}
              </ol>
            }
          >
            <Button size="small" type="link">
              {d.attempts}
            </Button>
          </Popover>
        ) : (
          d.attempts
        ),
    },
    {
      title: t('webhook.deliveries.error'),
      key: 'error',
      render: (_, d) => (d.lastError ? <Typography.Text type="danger">{t(`webhook.failures.${d.lastError}`)}</Typography.Text> : '—'),
    },
  ];
  if (canReplay) {
    columns.push({
      title: t('webhook.columns.actions'),
      key: 'actions',
      render: (_, d) => (
        <Button
          size="small"
          icon={<RedoOutlined />}
          loading={replay.isPending && replay.variables?.deliveryId === d.deliveryId}
          onClick={() =>
            replay
              .mutateAsync({ deliveryId: d.deliveryId })
              .then(() => void message.success(t('webhook.deliveries.replayed')))
              .catch(() => undefined)
          }
          data-testid={`replay-${d.deliveryId}`}
        >
          {t('webhook.deliveries.replay')}
        </Button>
      ),
    });
  }

  return (
    <Drawer open onClose={onClose} title={t('webhook.deliveries.title', { name: row.name })} width={900} data-testid="webhook-deliveries" rootClassName="cf-webhook-drawer">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Segmented<StateFilter>
          value={state}
          onChange={(value) => {
            setState(value);
            setCurrentPage(1);
          }}
          options={(['all', 'pending', 'delivered', 'failed'] as const).map((value) => ({ value, label: t(`webhook.deliveries.filter.${value}`) }))}
        />
        <QueryState query={deliveries}>
          <ResponsiveTable<DeliveryRow>
            rowKey="deliveryId"
            columns={columns}
            dataSource={deliveries.data?.list ?? []}
            loading={deliveries.isFetching && !deliveries.isPending}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('webhook.deliveries.empty') }}
            cardTestId="delivery-card"
            data-testid="delivery-list"
            pagination={{
              current: currentPage,
              pageSize: PAGE_SIZE,
              total: deliveries.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setCurrentPage,
            }}
          />
        </QueryState>
      </Space>
    </Drawer>
  );
}
