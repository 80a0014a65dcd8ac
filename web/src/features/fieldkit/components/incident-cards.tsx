import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import type { FieldIncident } from '../api/field';
import { useFieldQueue } from '../lib/queue';
import { useQueueAction } from '../lib/use-queue-action';
import { NoteDialog } from './note-dialog';

const ACK_KEY = 'incident/index/ack';
const NOTE_MAX = 1000;
const URGENCY_COLORS = { high: 'red', medium: 'orange', low: 'blue' } as const;

/** What an incident is about, as a queued action names it. */
export function incidentTarget(incident: FieldIncident): string {
  return `${incident.deviceName || incident.deviceSerialNumber} · ${incident.alarmText}`;
}

/** The active incidents of the snapshot: acknowledge or add a note, queued (sent at once with signal). */
export function IncidentCards({ incidents, userId }: { incidents: FieldIncident[]; userId: number }) {
  const { t } = useTranslation();
  const [noting, setNoting] = useState<FieldIncident | null>(null);
  const queue = useQueueAction(userId);
  const can = useCan();
  const actions = useFieldQueue((s) => s.actions);
  if (incidents.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fieldkit.incidents.empty')} />;
  const ackQueued = new Set(actions.filter((a) => a.body.kind === 'acknowledge' && (a.state === 'waiting' || a.state === 'sending')).map((a) => a.body.incidentId));
  return (
    <>
      <List<FieldIncident>
        dataSource={incidents}
        rowKey="incidentId"
        data-testid="field-incidents"
        renderItem={(incident) => {
          const queued = ackQueued.has(incident.incidentId);
          const ackable = incident.state === 'open' && can(ACK_KEY) && !queued;
          return (
            <List.Item data-testid={`field-incident-${incident.incidentId}`} data-state={incident.state}>
              <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                <Space wrap size={4}>
                  <Tag color={URGENCY_COLORS[incident.urgency]}>{t(`fieldkit.incidents.urgency.${incident.urgency}`)}</Tag>
                  <Tag>{t(`fieldkit.incidents.states.${incident.state === 'open' ? 'open' : 'acknowledged'}`)}</Tag>
                  {queued ? <Tag color="gold" data-testid="incident-queued">{t('fieldkit.queue.pendingTag')}</Tag> : null}
                </Space>
                <Typography.Text strong>
                  <bdi>{incidentTarget(incident)}</bdi>
                </Typography.Text>
                <Typography.Text type="secondary">
                  {incident.siteName ? <bdi>{incident.siteName} · </bdi> : null}
                  {t('fieldkit.incidents.opened', { time: formatTime(incident.openedAt) })}
                </Typography.Text>
                {incident.acknowledgedAt ? (
                  <Typography.Text type="secondary">{t('fieldkit.incidents.acknowledgedBy', { user: incident.acknowledgedBy ?? t('fieldkit.incidents.someone') })}</Typography.Text>
                ) : null}
                {can(ACK_KEY) ? (
                  <Space wrap>
                    {ackable ? (
                      <Button
                        type="primary"
                        size="large"
                        icon={<CheckOutlined />}
                        onClick={() => void queue({ kind: 'acknowledge', incidentId: incident.incidentId }, incidentTarget(incident))}
                        data-testid="field-ack"
                      >
                        {t('fieldkit.incidents.acknowledge')}
                      </Button>
                    ) : null}
                    <Button size="large" icon={<EditOutlined />} onClick={() => setNoting(incident)} data-testid="field-note">
                      {t('fieldkit.incidents.addNote')}
                    </Button>
                  </Space>
                ) : null}
              </Space>
            </List.Item>
          );
        }}
      />
      {noting ? (
        <NoteDialog
          title={t('fieldkit.note.title', { id: noting.incidentId })}
          label={t('fieldkit.note.label')}
          okText={t('fieldkit.note.save')}
          required
          max={NOTE_MAX}
          onSave={(note) => queue({ kind: 'note', incidentId: noting.incidentId, note }, incidentTarget(noting))}
          onClose={() => setNoting(null)}
          testId="field-note-form"
        />
      ) : null}
    </>
  );
}
