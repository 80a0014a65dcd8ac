import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookRow } from '../api/webhooks';
import { StateTag } from './state-tag';

/** A subscription's state, and how many waiting deliveries it dropped when its receiver did not keep up. */
export function SubscriptionState({ row }: { row: WebhookRow }) {
  const { t } = useTranslation();
  const dropped = row.dropped ?? 0;
  return (
    <Space size={4} wrap>
      <StateTag kind="subscription" state={row.state} />
      {dropped > 0 && (
        <Tooltip title={t('webhook.droppedHint')}>
          <Tag color="warning" data-testid="webhook-dropped">
            {t('webhook.dropped', { count: dropped })}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
