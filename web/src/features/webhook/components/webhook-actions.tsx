import { DeleteOutlined, EditOutlined, HistoryOutlined, KeyOutlined, PlayCircleOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/use-can';
import { useDeleteWebhook, useResumeWebhook, useRotateSecret, useSendTest, type WebhookWithSecret } from '../api/webhooks';
import type { WebhookRow } from '../api/webhooks';

const PAGE = 'integration/webhook';

interface Props {
  row: WebhookRow;
  onDeliveries: () => void;
  onEdit: () => void;
  onSecret: (made: WebhookWithSecret) => void;
}

/** A subscription's buttons: deliveries, resume (when paused), test event, edit, rotate and delete (confirmed);
 * each change toasts its outcome. */
export function WebhookActions({ row, onDeliveries, onEdit, onSecret }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const resume = useResumeWebhook();
  const test = useSendTest();
  const canEdit = can(`${PAGE}/edit`);
  const id = { subscriptionId: row.subscriptionId };
  const done = (promise: Promise<unknown>, text: string) => promise.then(() => void message.success(text)).catch(() => undefined);

  return (
    <Space size={[4, 4]} wrap>
      <Button size="small" icon={<HistoryOutlined />} onClick={onDeliveries} data-testid={`deliveries-${row.name}`}>
        {t('webhook.actions.deliveries')}
      </Button>
      {canEdit && row.state === 'paused' ? (
        <Button size="small" type="primary" icon={<PlayCircleOutlined />} onClick={() => done(resume.mutateAsync(id), t('webhook.resumed'))} data-testid={`resume-${row.name}`}>
          {t('webhook.actions.resume')}
        </Button>
      ) : null}
      {canEdit ? (
        <>
          <Button size="small" icon={<SendOutlined />} loading={test.isPending} onClick={() => done(test.mutateAsync(id), t('webhook.testQueued'))} data-testid={`test-${row.name}`}>
            {t('webhook.actions.test')}
          </Button>
          <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid={`edit-${row.name}`}>
            {t('webhook.actions.edit')}
          </Button>
          <Popconfirm
            title={t('webhook.rotateConfirm', { name: row.name })}
            okText={t('webhook.actions.rotate')}
            cancelText={t('common.cancel')}
            onConfirm={() =>
              rotate
                .mutateAsync(id)
                .then(onSecret)
                .catch(() => undefined)
            }
          >
            <Button size="small" icon={<KeyOutlined />} data-testid={`rotate-${row.name}`}>
              {t('webhook.actions.rotate')}
            </Button>
          </Popconfirm>
        </>
      ) : null}
      {can(`${PAGE}/delete`) ? (
        <Popconfirm
          title={t('webhook.deleteConfirm', { name: row.name })}
          okButtonProps={{ danger: true }}
          okText={t('webhook.actions.delete')}
          cancelText={t('common.cancel')}
          onConfirm={() => done(remove.mutateAsync(id), t('webhook.deleted'))}
        >
          <Button size="small" danger icon={<DeleteOutlined />} data-testid={`delete-${row.name}`}>
            {t('webhook.actions.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
