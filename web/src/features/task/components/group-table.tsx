import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useCan } from '@/lib/use-can';
import { useStartTask, useTaskChange } from '../api/tasks';
import { DeleteAction } from './delete-action';
import { useGroups, useTasks, type Group } from '../api/tasks';
import { choose, enter } from '@/lib/form-rules';
import type { BodyOf } from '@/api/types';

const PAGE = 'device/taskList';

export const GROUP_TYPES = [0, 1, 2, 3] as const;

/** The add call's body; the robot is the table's. */
type GroupValues = Omit<BodyOf<'/api/task/groupAdd'>, 'deviceId'>;

/** True when the chosen tasks share one map (a group runs on the map the robot stands on). */
export function onOneMap(names: readonly string[], tasks: readonly { taskName: string; mapName: string }[]): boolean {
  const maps = new Set(tasks.filter((task) => names.includes(task.taskName)).map((task) => task.mapName));
  return maps.size <= 1;
}

function GroupDialog({ deviceId, onClose }: { deviceId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupValues>();
  const tasks = useTasks(deviceId);
  const add = useTaskChange('/api/task/groupAdd');
  return (
    <FormModal<GroupValues>
      title={t('task.groups.add')}
      form={form}
      onClose={onClose}
      saving={add.isPending}
      savedText={t('task.groups.saved')}
      testId="group-form"
      initialValues={{ groupType: 0 }}
      onSave={(v) => add.mutateAsync({ deviceId, ...v })}
    >
      <Form.Item name="groupName" label={t('task.groups.name')} rules={[enter(t, t('task.groups.name'))]}>
        <Input count={{ show: true, max: 64 }} />
      </Form.Item>
      <Form.Item name="groupType" label={t('task.groups.type')}>
        <Select options={GROUP_TYPES.map((type) => ({ value: type, label: t(`task.groups.types.${type}`) }))} data-testid="group-type" />
      </Form.Item>
      <Form.Item
        name="taskList"
        label={t('task.schedules.tasks')}
        rules={[choose(t, t('task.schedules.tasks')), { validator: (_r, v: string[] | undefined) => (onOneMap(v ?? [], tasks.data ?? []) ? Promise.resolve() : Promise.reject(new Error(t('task.groups.oneMap')))) }]}
      >
        <Select mode="multiple" options={(tasks.data ?? []).map((task) => ({ value: task.taskName, label: `${task.taskName} (${task.mapName})` }))} data-testid="group-tasks" />
      </Form.Item>
    </FormModal>
  );
}

/** Task units (the robot's single tasks) grouped to run in turn: run a group, pin it, delete it, add one. */
export function GroupTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const groups = useGroups(deviceId);
  const start = useStartTask();
  const top = useTaskChange('/api/task/groupSetTop');
  const remove = useTaskChange('/api/task/groupDelete');
  const [adding, setAdding] = useState(false);
  const columns: ColumnsType<Group> = [
    { title: t('task.groups.name'), dataIndex: 'groupName', key: 'name', render: (v: string) => <strong>{v}</strong> },
    { title: t('task.groups.type'), key: 'type', render: (_, g) => <Tag data-testid={`group-type-${g.groupName}`}>{t(`task.groups.types.${(GROUP_TYPES.includes(g.groupType as 0) ? g.groupType : 0) as (typeof GROUP_TYPES)[number]}`)}</Tag> },
    { title: t('task.schedules.tasks'), key: 'tasks', render: (_, g) => <Space size={2} wrap>{g.taskList.map((n, i) => <Tag key={n}>{`${i + 1}. ${n}`}</Tag>)}</Space> },
    {
      title: t('task.common.actions'),
      key: 'actions',
      render: (_, g) => (
        <Space size={4}>
          {can(`${PAGE}/run`) ? (
            <Button size="small" type="primary" onClick={() => start.mutate({ deviceId, groupName: g.groupName })}>
              {t('task.table.start')}
            </Button>
          ) : null}
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" onClick={() => top.mutate({ deviceId, groupName: g.groupName })}>
              {t('task.groups.pin')}
            </Button>
          ) : null}
          <DeleteAction confirm={t('task.groups.deleteConfirm', { name: g.groupName })} onDelete={() => remove.mutateAsync({ deviceId, groupName: g.groupName })} />
        </Space>
      ),
    },
  ];
  return (
    <div>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }} data-testid="add-task-group">
          {t('task.groups.add')}
        </Button>
      ) : null}
      <Table<Group> rowKey="groupName" size="small" columns={columns} dataSource={groups.data ?? []} loading={groups.isFetching} pagination={false} locale={{ emptyText: t('task.groups.empty') }} />
      {adding ? <GroupDialog deviceId={deviceId} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
