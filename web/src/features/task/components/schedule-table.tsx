import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Switch, Table, Tag, TimePicker, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { endAfterStart, fromHhmm, hhmm, isoWeekday, skipTodayBlock } from '../lib/schedule-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckGroup } from '@/components/check-group';
import { FormModal } from '@/components/form-modal';
import { useCan } from '@/lib/use-can';
import { useTaskChange } from '../api/tasks';
import { DeleteAction } from './delete-action';
import { useRobotClock, useSchedules, useTasks, type RobotMap, type Schedule } from '../api/tasks';
import { DAYS, dayName } from './days';
import { choose, enter } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

const PAGE = 'device/taskList';

/** The save call's fields the form holds; the times are the pickers' values (sent as HH:mm). */
type ScheduleValues = Pick<BodyOf<'/api/task/scheduleSave'>, 'name' | 'taskList' | 'repeat' | 'isActive'> & { startTime: Dayjs; endTime: Dayjs | null };

export { hhmm };

/** The schedule fields both kinds share: start, forced end (required when on), repeat days, on or off. */
export function TimingFields() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Space size={16} wrap>
        <Form.Item name="startTime" label={t('task.schedules.startTime')} rules={[choose(t, t('task.schedules.startTime'))]}>
          <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} data-testid="schedule-start" />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('task.schedules.endTime')}
          dependencies={['isActive', 'startTime']}
          rules={[
            ({ getFieldValue }) => ({ validator: (_r, v) => (v || !getFieldValue('isActive') ? Promise.resolve() : Promise.reject(new Error(t('task.schedules.endRequired')))) }),
            ({ getFieldValue }) => ({ validator: (_r, v: Dayjs | null) => (endAfterStart(getFieldValue('startTime') as Dayjs | null, v) ? Promise.resolve() : Promise.reject(new Error(t('task.schedules.endAfterStart')))) }),
          ]}
        >
          <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} data-testid="schedule-end" />
        </Form.Item>
        <Form.Item name="isActive" label={t('task.schedules.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="repeat" label={t('task.schedules.repeat')} rules={[choose(t, t('task.schedules.repeat'))]}>
        <CheckGroup options={DAYS.map((d) => ({ value: d, label: dayName(d, i18n.language) }))} data-testid="schedule-days" />
      </Form.Item>
    </>
  );
}

export function RepeatTags({ repeat }: { repeat: number[] }) {
  const { i18n } = useTranslation();
  return (
    <Space size={2} wrap>
      {repeat.map((d) => (
        <Tag key={d}>{dayName(d, i18n.language)}</Tag>
      ))}
    </Space>
  );
}

export function nextRunText(value: string | null | undefined): string {
  return value ? dayjs(value.slice(0, 16)).format('YYYY-MM-DD HH:mm') : '—';
}

/** The robot's own clock, which its schedules run by (a simulated robot's may run fast), read every 15 s. */
export function RobotClock({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const clock = useRobotClock(deviceId);
  if (!clock.data) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="robot-clock" data-time={clock.data}>
      {t('task.schedules.robotClock', { time: dayjs(clock.data.slice(0, 19)).format('YYYY-MM-DD HH:mm') })}
    </Typography.Paragraph>
  );
}

/** What a schedule's form starts with: empty (on, no days) for a new one, the schedule's own fields to edit one. */
export function scheduleFormValues(schedule: Schedule | undefined): Partial<ScheduleValues> {
  if (!schedule) return { isActive: true, repeat: [] };
  const start = fromHhmm(schedule.startTime);
  return { name: schedule.name, taskList: schedule.taskList, startTime: start ?? undefined, endTime: fromHhmm(schedule.endTime), repeat: schedule.repeat, isActive: schedule.isActive };
}

/**
 * Adding a scheduled task on the chosen map, or editing one (`schedule`) on its own map: the same form,
 * prefilled. The robot replaces an edited schedule whole in one call, so a refusal leaves it as it was; its
 * name is what the robot knows it by, so it stays (renaming is its own call).
 */
function ScheduleDialog({ deviceId, mapName, schedule, onClose }: { deviceId: number; mapName: string; schedule?: Schedule; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScheduleValues>();
  const tasks = useTasks(deviceId);
  const save = useTaskChange('/api/task/scheduleSave');
  const options = (tasks.data ?? []).filter((task) => task.mapName === mapName).map((task) => ({ value: task.taskName, label: task.taskName }));
  return (
    <FormModal<ScheduleValues>
      title={schedule ? t('task.schedules.editTitle', { name: schedule.name }) : t('task.schedules.addTitle', { map: mapName })}
      form={form}
      onClose={onClose}
      saving={save.isPending}
      savedText={t('task.schedules.saved')}
      testId="schedule-form"
      initialValues={scheduleFormValues(schedule)}
      onSave={(v) =>
        save.mutateAsync({ deviceId, name: schedule?.name ?? v.name, mapName, taskList: v.taskList, startTime: hhmm(v.startTime), endTime: hhmm(v.endTime), repeat: v.repeat, isActive: v.isActive, edit: Boolean(schedule) })
      }
    >
      <Form.Item name="name" label={t('task.schedules.name')} rules={[enter(t, t('task.schedules.name'))]}>
        <Input count={{ show: true, max: 64 }} disabled={Boolean(schedule)} data-testid="schedule-name" />
      </Form.Item>
      <Form.Item name="taskList" label={t('task.schedules.tasks')} rules={[choose(t, t('task.schedules.tasks'))]}>
        <Select mode="multiple" options={options} data-testid="schedule-tasks" />
      </Form.Item>
      <TimingFields />
    </FormModal>
  );
}

/** "Skip today", usable only on a day the schedule runs (robot's clock); otherwise disabled, saying why. */
function SkipToday({ schedule, robotTime, onSkip }: { schedule: Schedule; robotTime: string | null | undefined; onSkip: () => void }) {
  const { t, i18n } = useTranslation();
  const block = skipTodayBlock(schedule, robotTime);
  const reason = !block ? null : block.reason === 'off' ? t('task.schedules.skipOff') : t('task.schedules.skipNotToday', { day: `${dayName(isoWeekday(block.date), i18n.language)} ${block.date}` });
  const button = (
    <Button size="small" type="link" disabled={Boolean(block)} onClick={onSkip} aria-description={reason ?? undefined} data-testid={`skip-today-${schedule.name}`}>
      {t('task.schedules.skipToday')}
    </Button>
  );
  return reason ? (
    <Tooltip title={reason}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** The robot's scheduled tasks: on or off, the next run on the robot's clock, skip today (on its days), edit, delete, add. */
export function ScheduleTable({ deviceId, map }: { deviceId: number; map: RobotMap | undefined }) {
  const { t } = useTranslation();
  const can = useCan();
  const schedules = useSchedules(deviceId);
  const enable = useTaskChange('/api/task/scheduleEnable');
  const skip = useTaskChange('/api/task/scheduleCancelToday');
  const remove = useTaskChange('/api/task/scheduleDelete');
  const clock = useRobotClock(deviceId);
  const [dialog, setDialog] = useState<{ schedule?: Schedule } | null>(null);
  const mayEdit = can(`${PAGE}/add`) && can(`${PAGE}/edit`);
  const columns: ColumnsType<Schedule> = [
    { title: t('task.schedules.name'), dataIndex: 'name', key: 'name', render: (v: string) => <strong>{v}</strong> },
    { title: t('task.schedules.tasks'), key: 'tasks', render: (_, s) => `${s.mapName}: ${s.taskList.join(', ')}` },
    { title: t('task.schedules.time'), key: 'time', render: (_, s) => `${s.startTime} – ${s.endTime || '…'}` },
    { title: t('task.schedules.repeat'), key: 'repeat', render: (_, s) => <RepeatTags repeat={s.repeat} /> },
    {
      title: t('task.schedules.active'),
      key: 'active',
      render: (_, s) => (
        <Switch size="small" checked={s.isActive} aria-label={`${t('task.schedules.active')}: ${s.name}`} disabled={!can(`${PAGE}/edit`)} loading={enable.isPending} onChange={(on) => enable.mutate({ deviceId, name: s.name, isActive: on })} />
      ),
    },
    { title: t('task.schedules.nextRun'), key: 'next', render: (_, s) => <span data-testid={`next-run-${s.name}`}>{nextRunText(s.nextRun)}</span> },
    {
      title: t('task.common.actions'),
      key: 'actions',
      render: (_, s) => (
        <Space size={4}>
          {can(`${PAGE}/run`) ? <SkipToday schedule={s} robotTime={clock.data} onSkip={() => skip.mutate({ deviceId, name: s.name })} /> : null}
          {mayEdit ? (
            <Button size="small" type="link" onClick={() => setDialog({ schedule: s })} data-testid={`edit-schedule-${s.name}`}>
              {t('task.schedules.edit')}
            </Button>
          ) : null}
          <DeleteAction confirm={t('task.schedules.deleteConfirm', { name: s.name })} onDelete={() => remove.mutateAsync({ deviceId, name: s.name })} />
        </Space>
      ),
    },
  ];
  return (
    <div>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} disabled={!map} onClick={() => setDialog({})} style={{ marginBottom: 12 }} data-testid="add-schedule">
          {t('task.schedules.add')}
        </Button>
      ) : null}
      <RobotClock deviceId={deviceId} />
      <Table<Schedule> rowKey="name" size="small" columns={columns} dataSource={schedules.data ?? []} loading={schedules.isFetching} pagination={false} locale={{ emptyText: t('task.schedules.empty') }} />
      {dialog && (dialog.schedule || map) ? <ScheduleDialog deviceId={deviceId} mapName={dialog.schedule?.mapName ?? map?.mapName ?? ''} schedule={dialog.schedule} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
