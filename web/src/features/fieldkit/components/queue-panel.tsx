import { Button, Card, List, Popconfirm, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Code } from '@/api/codes';
import { formatTime } from '@/lib/format';
import { clearSent, dismiss, flush, useFieldQueue } from '../lib/queue';
import type { ActionState, QueuedAction } from '../lib/store';
import { useOnline } from '../lib/use-online';

const NONE: QueuedAction[] = [];
const STATE_COLORS: Record<ActionState, string> = { waiting: 'gold', sending: 'processing', sent: 'success', refused: 'error' };

/** Why the server refused an action, in words a person on site reads: who came first, or gone, then its sentence. */
function refusalLead(t: TFunction, code: number | undefined): string {
  if (code === Code.conflict) return t('fieldkit.queue.refusedConflict');
  if (code === Code.notFound || code === Code.noPermission) return t('fieldkit.queue.refusedGone');
  return t('fieldkit.queue.refusedOther');
}

/** The actions kept on this phone, each with its state: waiting for signal, sending, sent, refused with why. */
export function QueuePanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const online = useOnline();
  const actions = useFieldQueue((s) => (s.userId === userId ? s.actions : NONE)); // one empty list: a new one each read loops
  if (actions.length === 0) return null;
  const waiting = actions.some((a) => a.state === 'waiting');
  const sent = actions.some((a) => a.state === 'sent');
  return (
    <Card
      size="small"
      title={t('fieldkit.queue.title')}
      data-testid="field-queue"
      extra={
        <Space wrap>
          {waiting && online ? (
            <Button size="large" onClick={() => void flush(userId)} data-testid="queue-send">
              {t('fieldkit.queue.sendNow')}
            </Button>
          ) : null}
          {sent ? (
            <Button size="large" onClick={() => void clearSent(userId)} data-testid="queue-clear">
              {t('fieldkit.queue.clearSent')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <List<QueuedAction> dataSource={actions.toReversed()} rowKey="actionId" renderItem={(action) => <QueueItem action={action} t={t} />} />
    </Card>
  );
}

function QueueItem({ action, t }: { action: QueuedAction; t: TFunction }) {
  const kind = t(`fieldkit.queue.kinds.${action.body.kind}`);
  return (
    <List.Item data-testid={`queued-${action.body.kind}`} data-state={action.state} actions={[<ItemButton key="act" action={action} t={t} />]}>
      <List.Item.Meta
        title={
          <Space wrap size={4}>
            <Tag color={STATE_COLORS[action.state]} data-testid="queued-state">
              {t(`fieldkit.queue.states.${action.state}`)}
            </Tag>
            <span>{kind}</span>
          </Space>
        }
        description={
          <>
            <div>
              <bdi>{action.target}</bdi>
            </div>
            {action.body.note ? (
              <div>
                <bdi>“{action.body.note}”</bdi>
              </div>
            ) : null}
            <Typography.Text type="secondary">{t('fieldkit.queue.queuedAt', { time: formatTime(new Date(action.queuedAt).toISOString()) })}</Typography.Text>
            {action.state === 'refused' ? (
              <div data-testid="queued-reason">
                <Typography.Text type="danger">
                  {refusalLead(t, action.code)} <bdi>{action.reason}</bdi>
                </Typography.Text>
              </div>
            ) : null}
            {action.state === 'sent' && action.replayed ? <div>{t('fieldkit.queue.replayed')}</div> : null}
          </>
        }
      />
    </List.Item>
  );
}

/** A refused or sent action is dismissed; a waiting one can be cancelled after a question; a sending one waits. */
function ItemButton({ action, t }: { action: QueuedAction; t: TFunction }) {
  if (action.state === 'sending') return null;
  if (action.state === 'waiting') {
    return (
      <Popconfirm title={t('fieldkit.queue.cancelTitle')} description={t('fieldkit.queue.cancelHint')} okButtonProps={{ danger: true }} okText={t('fieldkit.queue.cancelConfirm')} cancelText={t('fieldkit.queue.keep')} onConfirm={() => dismiss(action)}>
        <Button size="large" data-testid="queued-cancel">
          {t('fieldkit.queue.cancel')}
        </Button>
      </Popconfirm>
    );
  }
  return (
    <Button size="large" onClick={() => void dismiss(action)} data-testid="queued-dismiss">
      {t('fieldkit.queue.dismiss')}
    </Button>
  );
}
