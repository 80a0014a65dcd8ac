import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { useCan } from '@/lib/use-can';
import { useTaskChange } from '../api/change-tasks';
import { DeleteAction } from './delete-action';
import { useGroups, useTasks, type Group } from '../api/get-task-data';

const PAGE = 'device/taskList';

function GroupDialog({ deviceId, onClose }: { deviceId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ groupName: string; taskList: string[] }>();
  const tasks = useTasks(deviceId);
  const add = useTaskChange('/api/task/groupAdd');
  return (
    <FormModal<{ groupName: string; taskList: string[] }>
      title={t('task.groups.add')}
      form={form}
      onClose={onClose}
      saving={add.isPending}
      savedText={t('task.groups.saved')}
      onSave={(v) => add.mutateAsync({ deviceId, ...v })}
    >
      <Form.Item name="groupName" label={t('task.groups.name')} rules={[{ required: true, whitespace: true, message: t('task.groups.nameRequired') }]}>
        <Input count={{ show: true, max: 64 }} />
      </Form.Item>
      <Form.Item name="taskList" label={t('task.schedules.tasks')} rules={[{ required: true, message: t('task.schedules.tasksRequired') }]}>
        <Select mode="multiple" options={(tasks.data ?? []).map((task) => ({ value: task.taskName, label: `${task.taskName} (${task.mapName})` }))} />
      </Form.Item>
    </FormModal>
  );
}

/** Task units (the robot's single tasks) grouped to run in turn: run a group, pin it, delete it, add one. */
export function GroupTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const groups = useGroups(deviceId);
  const start = useTaskChange('/api/task/start');
  const top = useTaskChange('/api/task/groupSetTop');
  const remove = useTaskChange('/api/task/groupDelete');
  const [adding, setAdding] = useState(false);
  const columns: ColumnsType<Group> = [
    { title: t('task.groups.name'), dataIndex: 'groupName', key: 'name', render: (v: string) => <strong>{v}</strong> },
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
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 12 }}>
          {t('task.groups.add')}
        </Button>
      ) : null}
      <Table<Group> rowKey="groupName" size="small" columns={columns} dataSource={groups.data ?? []} loading={groups.isFetching} pagination={false} locale={{ emptyText: t('task.groups.empty') }} />
      {adding ? <GroupDialog deviceId={deviceId} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
