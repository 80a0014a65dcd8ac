import { PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/responsive-table';
import { useCan } from '@/lib/use-can';
import { useStartTask, useTaskChange } from '../api/tasks';
import { DeleteAction } from './delete-action';
import { getHistory, useTasks, type RobotMap, type Task } from '../api/tasks';
import { TaskDrawDialog } from './task-draw-dialog';

const PAGE = 'device/taskList';
/** A run that ended this recently (on the robot's clock) may have left the floor wet. */
export const WET_MINUTES = 30;

/** Whether the robot's last run ended less than WET_MINUTES before its clock's now. */
export function floorMayBeWet(endTime: string | undefined, now: string | null | undefined): boolean {
  if (!endTime || !now) return false;
  const minutes = (Date.parse(now) - Date.parse(endTime)) / 60_000;
  return minutes >= 0 && minutes < WET_MINUTES;
}

/** The robot's tasks on the chosen map: draw a new one, start (warning while the floor may be wet), rename, delete; cards on a phone. */
export function TaskTable({ deviceId, map }: { deviceId: number; map: RobotMap | undefined }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = useCan();
  const tasks = useTasks(deviceId);
  const start = useStartTask();
  const rename = useTaskChange('/api/task/rename');
  const remove = useTaskChange('/api/task/delete');
  const [drawing, setDrawing] = useState(false);
  const shown = (tasks.data ?? []).filter((task) => !map || task.mapName === map.mapName);

  const run = async (task: Task) => {
    const history = await getHistory(deviceId).catch(() => null);
    const go = () => start.mutateAsync({ deviceId, taskName: task.taskName }).then(() => void message.success(t('task.table.started')));
    if (history && floorMayBeWet(history.runs[0]?.endTime, history.now)) {
      modal.confirm({ title: t('task.table.wetTitle'), content: t('task.table.wetWarning'), okText: t('task.table.runAnyway'), onOk: () => go().catch(() => undefined) });
    } else {
      await go().catch(() => undefined);
    }
  };

  const askRename = (task: Task) => {
    let name = task.taskName;
    modal.confirm({
      title: t('task.table.renameTitle'),
      content: <Input defaultValue={task.taskName} count={{ show: true, max: 64 }} onChange={(e) => (name = e.target.value)} data-testid="rename-input" />,
      onOk: () => rename.mutateAsync({ deviceId, taskName: task.taskName, newName: name.trim() }),
    });
  };

  const columns: ColumnsType<Task> = [
    { title: t('task.fields.taskName'), dataIndex: 'taskName', key: 'name', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('task.fields.modes'),
      key: 'modes',
      render: (_, task) => (
        <Space size={4} wrap>
          <Tag>{t(`task.cleanModes.${task.cleanMode}`, { defaultValue: task.cleanMode })}</Tag>
          <Tag>{t(`task.taskModes.${task.taskMode}`, { defaultValue: task.taskMode })}</Tag>
          <Tag>{t(`task.pathTypes.${task.pathType}`, { defaultValue: task.pathType })}</Tag>
          <Tag>{t(`task.speeds.${task.speed}`, { defaultValue: task.speed })}</Tag>
          {task.hardFloor ? <Tag color="cyan">{t('task.fields.hardFloor')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('task.common.actions'),
      key: 'actions',
      render: (_, task) => (
        <Space size={4}>
          {can(`${PAGE}/run`) ? (
            <Button size="small" type="primary" icon={<PlayCircleOutlined />} onClick={() => void run(task)} data-testid={`start-${task.taskName}`}>
              {t('task.table.start')}
            </Button>
          ) : null}
          {can(`${PAGE}/edit`) ? (
            <Button size="small" type="link" onClick={() => askRename(task)}>
              {t('task.common.rename')}
            </Button>
          ) : null}
          <DeleteAction confirm={t('task.table.deleteConfirm', { name: task.taskName })} onDelete={() => remove.mutateAsync({ deviceId, taskName: task.taskName })} />
        </Space>
      ),
    },
  ];

  return (
    <div>
      {can(`${PAGE}/add`) ? (
        <Button type="primary" icon={<PlusOutlined />} disabled={!map} onClick={() => setDrawing(true)} style={{ marginBottom: 12 }} data-testid="new-task">
          {t('task.table.new')}
        </Button>
      ) : null}
      <ResponsiveTable<Task> rowKey="taskName" size="small" columns={columns} dataSource={shown} loading={tasks.isFetching} pagination={false} locale={{ emptyText: t('task.table.empty') }} cardTestId="task-card" />
      {drawing && map ? <TaskDrawDialog deviceId={deviceId} map={map} onClose={() => setDrawing(false)} /> : null}
    </div>
  );
}
