import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckGroup } from '@/components/check-group';
import { DeleteButton } from '@/components/delete-button';
import { FormColumns, FormModal } from '@/components/form-modal';
import { OwnerPicker } from '@/components/owner-picker';
import { QueryState } from '@/components/query-state';
import { ResponsiveTable } from '@/components/responsive-table';
import { choose, enter } from '@/lib/form-rules';
import { tableWidth } from '@/lib/table-width';
import { useCan } from '@/lib/use-can';
import { useDeleteDuty, useDuties, useInsertDuty, type Duty } from '../api/settings';
import type { BodyOf } from '@/api/types';

const SETTINGS_KEY = 'incident/index/settings';
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Who is on duty for the branch (the rota's days and hours in its zone), added and taken off behind the settings key. */
export function DutyPanel({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const can = useCan();
  const duties = useDuties(userId);
  const remove = useDeleteDuty();
  const [adding, setAdding] = useState(false);
  const day = (d: number) => t(`incident.duty.days.${String(d) as '1'}`);
  const columns: ColumnsType<Duty> = [
    { title: t('incident.duty.person'), dataIndex: 'personName', key: 'person', width: 180, ellipsis: true },
    {
      title: t('incident.duty.weekdays'),
      key: 'weekdays',
      width: 220,
      render: (_, d) => (d.weekdays.length === 7 ? t('incident.duty.always') : d.weekdays.map(day).join(' · ')),
    },
    {
      title: t('incident.duty.window'),
      key: 'window',
      width: 170,
      render: (_, d) => (
        <span>
          <bdi>{`${d.startTime}–${d.endTime}`}</bdi>{' '}
          <Typography.Text type="secondary">
            <bdi>{d.timeZone}</bdi>
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('incident.duty.now'),
      key: 'now',
      width: 120,
      render: (_, d) => <Tag color={d.onDutyNow ? 'success' : 'default'}>{d.onDutyNow ? t('incident.duty.now') : t('incident.duty.notNow')}</Tag>,
    },
  ];
  if (can(SETTINGS_KEY)) {
    columns.push({
      title: t('incident.columns.actions'),
      key: 'actions',
      width: 90,
      render: (_, d) => (
        <DeleteButton
          confirm={t('incident.duty.deleteConfirm', { name: d.personName })}
          successText={t('incident.duty.deleted')}
          onDelete={() => remove.mutateAsync({ dutyId: d.dutyId })}
          testId={`delete-duty-${d.dutyId}`}
        />
      ),
    });
  }
  return (
    <section aria-labelledby="incident-duty-title">
      <div className="cf-incident-section-head">
        <Typography.Title level={5} id="incident-duty-title" style={{ margin: 0 }}>
          {t('incident.duty.title')}
        </Typography.Title>
        {can(SETTINGS_KEY) ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-duty">
            {t('incident.duty.add')}
          </Button>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary">{t('incident.duty.hint')}</Typography.Paragraph>
      <QueryState query={duties}>
        <ResponsiveTable<Duty>
          size="small"
          rowKey="dutyId"
          columns={columns}
          dataSource={duties.data ?? []}
          scroll={duties.data?.length ? { x: tableWidth(columns) } : undefined}
          pagination={false}
          locale={{ emptyText: t('incident.duty.empty') }}
          cardTestId="duty-card"
          data-testid="duty-table"
        />
      </QueryState>
      {adding ? <DutyDialog userId={userId} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}

/** The add call's body; the owner is the page's, the person is picked (required by the form's rule). */
type DutyValues = Omit<BodyOf<'/api/incident/duty/insert'>, 'userId' | 'personId'> & { personId?: number | null };

function DutyDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DutyValues>();
  const insert = useInsertDuty();
  const personLabel = t('incident.duty.person');
  const daysLabel = t('incident.duty.weekdays');
  const fromLabel = t('incident.duty.from');
  const toLabel = t('incident.duty.to');
  const zoneLabel = t('incident.duty.timeZone');
  const clock = { pattern: CLOCK, message: t('incident.duty.timeFormat') };
  return (
    <FormModal<DutyValues>
      title={t('incident.duty.addTitle')}
      form={form}
      onSave={({ personId, ...values }) => insert.mutateAsync({ userId: userId ?? undefined, personId: personId as number, ...values })}
      onClose={onClose}
      saving={insert.isPending}
      savedText={t('incident.duty.added')}
      width={560}
      testId="duty-form"
      initialValues={{ weekdays: [...WEEKDAYS], startTime: '00:00', endTime: '24:00', timeZone: browserZone() }}
    >
      <Form.Item name="personId" label={personLabel} rules={[choose(t, personLabel)]} extra={t('incident.duty.personHelp')}>
        <OwnerPicker data-testid="duty-person" />
      </Form.Item>
      <Form.Item name="weekdays" label={daysLabel} rules={[choose(t, daysLabel)]}>
        <CheckGroup<number> options={WEEKDAYS.map((d) => ({ value: d, label: t(`incident.duty.days.${String(d) as '1'}`) }))} data-testid="duty-weekdays" />
      </Form.Item>
      <FormColumns>
        <Form.Item name="startTime" label={fromLabel} rules={[enter(t, fromLabel), clock]}>
          <Input placeholder="08:00" inputMode="numeric" data-testid="duty-from" />
        </Form.Item>
        <Form.Item name="endTime" label={toLabel} rules={[enter(t, toLabel), clock]}>
          <Input placeholder="18:00" inputMode="numeric" data-testid="duty-to" />
        </Form.Item>
      </FormColumns>
      <Form.Item name="timeZone" label={zoneLabel} rules={[enter(t, zoneLabel)]}>
        <Input data-testid="duty-zone" />
      </Form.Item>
    </FormModal>
  );
}
