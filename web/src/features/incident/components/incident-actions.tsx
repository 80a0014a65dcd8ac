import { CheckCircleOutlined, CheckOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Incident } from '@/api/incident/incidents';
import { FormModal } from '@/components/form-modal';
import { choose, enter, maxChars } from '@/lib/form-rules';
import { useCan } from '@/lib/use-can';
import { useAcknowledge, useAddNote, useCloseAsNoise, useResolve, type Cause } from '../api/incidents';
import type { BodyOf } from '@/api/types';

const CAUSES: readonly Cause[] = ['obstacle', 'stuck', 'hardware', 'software', 'consumable', 'network', 'operator', 'environment', 'other'];
const NOTE_MAX = 1000;
const KEYS = { ack: 'incident/index/ack', resolve: 'incident/index/resolve' } as const;

interface AckProps {
  incidentId: number;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  icon?: ReactNode;
  testId?: string;
}

/** "I'm on it": acknowledges the incident, busy while asking, then says so (a refusal, e.g. someone was first, is the client's toast). */
export function AcknowledgeButton({ incidentId, size, type = 'primary', icon = <CheckOutlined />, testId = 'incident-ack' }: AckProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ack = useAcknowledge();
  return (
    <Button
      size={size}
      type={type}
      icon={icon}
      loading={ack.isPending}
      data-testid={testId}
      onClick={() =>
        ack
          .mutateAsync(incidentId)
          .then(() => void message.success(t('incident.actions.acknowledged')))
          .catch(() => undefined)
      }
    >
      {t('incident.actions.acknowledge')}
    </Button>
  );
}

/** The detail's buttons by state and key: acknowledge an open incident; resolve or close an active one. */
export function IncidentActions({ incident }: { incident: Incident }) {
  const { t } = useTranslation();
  const can = useCan();
  const [dialog, setDialog] = useState<'resolve' | 'close' | 'note' | null>(null);
  const active = incident.state === 'open' || incident.state === 'acknowledged';
  if (!active) return null;
  return (
    <div className="cf-incident-actions" data-testid="incident-actions">
      {incident.state === 'open' && can(KEYS.ack) ? <AcknowledgeButton incidentId={incident.incidentId} /> : null}
      {can(KEYS.ack) ? (
        <Button icon={<EditOutlined />} onClick={() => setDialog('note')} data-testid="incident-add-note">
          {t('incident.actions.addNote')}
        </Button>
      ) : null}
      {can(KEYS.resolve) ? (
        <>
          <Button icon={<CheckCircleOutlined />} onClick={() => setDialog('resolve')} data-testid="incident-resolve">
            {t('incident.actions.resolve')}
          </Button>
          <Button icon={<StopOutlined />} onClick={() => setDialog('close')} data-testid="incident-close">
            {t('incident.actions.close')}
          </Button>
        </>
      ) : null}
      {dialog === 'resolve' ? <ResolveDialog incidentId={incident.incidentId} onClose={() => setDialog(null)} /> : null}
      {dialog === 'close' ? <CloseDialog incidentId={incident.incidentId} onClose={() => setDialog(null)} /> : null}
      {dialog === 'note' ? <NoteDialog incidentId={incident.incidentId} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

type ResolveBody = BodyOf<'/api/incident/resolve'>;
/** The resolve call's note and cause (picked; required by the form's rule); closing as noise sends the note only. */
type ResolveValues = Pick<ResolveBody, 'note'> & Partial<Pick<ResolveBody, 'cause'>>;

/** Resolve with the cause (required) and what was done; a refused field shows under it. */
export function ResolveDialog({ incidentId, onClose }: { incidentId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResolveValues>();
  const resolve = useResolve();
  const causeLabel = t('incident.actions.cause');
  return (
    <FormModal<ResolveValues>
      title={t('incident.actions.resolveTitle', { id: incidentId })}
      form={form}
      onSave={({ cause, note }) => resolve.mutateAsync({ incidentId, cause: cause as Cause, note: note.trim() })}
      onClose={onClose}
      saving={resolve.isPending}
      savedText={t('incident.actions.resolved')}
      okText={t('incident.actions.resolve')}
      testId="resolve-form"
      initialValues={{ note: '' }}
    >
      <Form.Item name="cause" label={causeLabel} rules={[choose(t, causeLabel)]}>
        <Select<Cause> options={CAUSES.map((value) => ({ value, label: t(`incident.causes.${value}`) }))} data-testid="resolve-cause" />
      </Form.Item>
      <Form.Item name="note" label={t('incident.actions.resolveNote')} rules={[maxChars(t, NOTE_MAX)]}>
        <Input.TextArea rows={4} count={{ show: true, max: NOTE_MAX }} data-testid="resolve-note" />
      </Form.Item>
    </FormModal>
  );
}

/** Close as noise, after saying what that means; the note says why. */
export function CloseDialog({ incidentId, onClose }: { incidentId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const close = useCloseAsNoise();
  return (
    <FormModal<{ note: string }>
      title={t('incident.actions.closeTitle', { id: incidentId })}
      form={form}
      onSave={({ note }) => close.mutateAsync({ incidentId, note: note.trim() })}
      onClose={onClose}
      saving={close.isPending}
      savedText={t('incident.actions.closed')}
      okText={t('incident.actions.close')}
      testId="close-form"
      initialValues={{ note: '' }}
    >
      <Typography.Paragraph type="secondary">{t('incident.actions.closeHint')}</Typography.Paragraph>
      <Form.Item name="note" label={t('incident.actions.closeNote')} rules={[maxChars(t, NOTE_MAX)]}>
        <Input.TextArea rows={3} count={{ show: true, max: NOTE_MAX }} data-testid="close-note" />
      </Form.Item>
    </FormModal>
  );
}

/** A note on an active incident (what was found or done): it joins the timeline; one ended meanwhile is refused. */
export function NoteDialog({ incidentId, onClose }: { incidentId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  const add = useAddNote();
  const label = t('incident.actions.note');
  return (
    <FormModal<{ note: string }>
      title={t('incident.actions.noteTitle', { id: incidentId })}
      form={form}
      onSave={({ note }) => add.mutateAsync({ incidentId, note: note.trim() })}
      onClose={onClose}
      saving={add.isPending}
      savedText={t('incident.actions.noteAdded')}
      okText={t('incident.actions.addNote')}
      testId="note-form"
      initialValues={{ note: '' }}
    >
      <Form.Item name="note" label={label} rules={[enter(t, label), maxChars(t, NOTE_MAX)]}>
        <Input.TextArea rows={4} count={{ show: true, max: NOTE_MAX }} data-testid="note-text" />
      </Form.Item>
    </FormModal>
  );
}
