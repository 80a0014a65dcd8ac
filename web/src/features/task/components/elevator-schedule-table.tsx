import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ElevatorPicker } from '@/components/elevator-picker';
import { FormModal } from '@/components/form-modal';
import { useCan } from '@/lib/use-can';
import { useTaskChange } from '../api/tasks';
import { DeleteAction } from './delete-action';
import { useElevatorSchedules, useTasks, type RobotMap, type Schedule } from '../api/tasks';
import { hhmm, nextRunText, RepeatTags, RobotClock, TimingFields } from './schedule-table';
import { choose, enter } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

const PAGE = 'device/taskList';

/** The save call's fields the form holds: the elevator may be unset (sent as 0), the times are the pickers' values (sent as HH:mm). */
type ElevatorScheduleValues = Pick<BodyOf<'/api/task/elevatorScheduleSave'>, 'name' | 'floors' | 'repeat' | 'isActive'> & {
  elevatorId: number | null;
  startTime: Dayjs;
  endTime: Dayjs | null;
};

/** `firstFloor` is the map the page shows: the first floor starts there, where the user just drew tasks. */
function ElevatorScheduleDialog({ deviceId, maps, firstFloor, onClose }: { deviceId: number; maps: RobotMap[]; firstFloor: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ElevatorScheduleValues>();
  const tasks = useTasks(deviceId);
  const save = useTaskChange('/api/task/elevatorScheduleSave');
  const tasksOn = (mapName: string | undefined) => (tasks.data ?? []).filter((task) => task.mapName === mapName).map((task) => ({ value: task.taskName, label: task.taskName }));
  return (
    <FormModal<ElevatorScheduleValues>
      title={t('task.elevator.addTitle')}
      form={form}
      onClose={onClose}
      saving={save.isPending}
      savedText={t('task.schedules.saved')}
      width={720}
      testId="elevator-schedule-form"
      initialValues={{ isActive: true, repeat: [], floors: [{ mapName: firstFloor, taskList: [] }] }}
      onSave={(v) =>
        save.mutateAsync({ deviceId, name: v.name, elevatorId: v.elevatorId ?? 0, floors: v.floors, startTime: hhmm(v.startTime), endTime: hhmm(v.endTime), repeat: v.repeat, isActive: v.isActive, edit: false })
      }
    >
      <Form.Item name="name" label={t('task.schedules.name')} rules={[enter(t, t('task.schedules.name'))]}>
        <Input count={{ show: true, max: 64 }} />
      </Form.Item>
      <Form.Item name="elevatorId" label={t('task.elevator.elevator')} rules={[choose(t, t('task.elevator.elevator'))]}>
        <ElevatorPicker data-testid="schedule-elevator" />
      </Form.Item>
      <Form.List name="floors">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item name={[field.name, 'mapName']} label={t('task.elevator.floor')} rules={[choose(t, t('task.elevator.floor'))]}>
                  <Select style={{ width: 180 }} options={maps.map((m) => ({ value: m.mapName, label: m.floor ? `${m.mapName} (${m.floor})` : m.mapName }))} />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => (
                    <Form.Item name={[field.name, 'taskList']} label={t('task.schedules.tasks')} rules={[choose(t, t('task.schedules.tasks'))]}>
                      <Select mode="multiple" style={{ width: 300 }} options={tasksOn(form.getFieldValue(['floors', field.name, 'mapName']) as string | undefined)} />
                    </Form.Item>
                  )}
                </Form.Item>
                {fields.length > 1 ? <MinusCircleOutlined onClick={() => remove(field.name)} /> : null}
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ mapName: '', taskList: [] })} style={{ marginBottom: 16 }}>
              {t('task.elevator.addFloor')}
            </Button>
          </>
        )}
      </Form.List>
      <TimingFields />
    </FormModal>
  );
}

/** The robot's elevator-linked scheduled tasks: the elevator they ride and each floor's tasks. */
export function ElevatorScheduleTable({ deviceId, maps, map }: { deviceId: number; maps: RobotMap[]; map: RobotMap | undefined }) {
  const { t } = useTranslation();
  const can = useCan();
  const schedules = useElevatorSchedules(deviceId);
  const remove = useTaskChange('/api/task/elevatorScheduleDelete');
  const [adding, setAdding] = useState(false);
  const columns: ColumnsType<Schedule> = [
    { title: t('task.schedules.name'), dataIndex: 'name', key: 'name', render: (v: string) => <strong>{v}</strong> },
    { title: t('task.elevator.elevator'), key: 'elevator', render: (_, s) => s.elevatorName ?? `#${s.elevatorId ?? '?'}` },
    { title: t('task.elevator.floors'), key: 'floors', render: (_, s) => (s.floors ?? []).map((f) => `${f.mapName}: ${f.taskList.join(', ')}`).join(' → ') },
    { title: t('task.schedules.time'), key: 'time', render: (_, s) => `${s.startTime} – ${s.endTime || '…'}` },
    { title: t('task.schedules.repeat'), key: 'repeat', render: (_, s) => <RepeatTags repeat={s.repeat} /> },
    { title: t('task.schedules.nextRun'), key: 'next', render: (_, s) => nextRunText(s.nextRun) },
    {
      title: t('task.common.actions'),
      key: 'actions',
      render: (_, s) =>
        <DeleteAction confirm={t('task.schedules.deleteConfirm', { name: s.name })} onDelete={() => remove.mutateAsync({ deviceId, name: s.name })} />,
    },
  ];
  return (
    <div>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} disabled={maps.length === 0} onClick={() => setAdding(true)} style={{ marginBottom: 12 }} data-testid="add-elevator-schedule">
          {t('task.elevator.add')}
        </Button>
      ) : null}
      <RobotClock deviceId={deviceId} />
      <Table<Schedule> rowKey="name" size="small" columns={columns} dataSource={schedules.data ?? []} loading={schedules.isFetching} pagination={false} locale={{ emptyText: t('task.schedules.empty') }} />
      {adding ? <ElevatorScheduleDialog deviceId={deviceId} maps={maps} firstFloor={map?.mapName ?? maps[0]?.mapName ?? ''} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
