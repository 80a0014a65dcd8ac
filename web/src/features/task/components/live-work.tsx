import { Button, Card, Descriptions, Popconfirm, Progress, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceUpdate } from '@/api/realtime';
import { useLiveEvent } from '@/lib/live/connection';
import { useCan } from '@/lib/use-can';
import { useMapImage, useMapMarks, useTaskState, type RobotMap } from '../api/tasks';
import { taskKeys } from '../api/keys';
import { extendPath, type Point } from '../lib/geometry';
import { useElementSize } from '@/lib/use-element-size';
import { TaskMap } from './task-map';
import { useTaskCommands } from './use-task-commands';

/** What the live socket said so far (undefined: nothing yet, the state read on opening stands). */
interface Live {
  state?: string;
  task?: string;
  map?: string;
  progress?: number;
  cleanedArea?: number;
  pose: Point | null;
  path: Point[];
}

const RUN = 'device/taskList/run';
const MAP_WIDTH = 560;

/**
 * The robot's work as it happens: the running task, its progress and the path driven, from the robot's
 * heartbeats pushed over the live socket (no polling of the robot); pause, resume, cancel it or all. Each command
 * shows at once that it is under way ("Pausing…") and then how it ended (use-task-commands.ts); cancelling asks
 * first, naming the task and the robot (`robot`, its name as the page's robot picker shows it).
 */
export function LiveWork({ deviceId, maps, robot }: { deviceId: number; maps: RobotMap[]; robot: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const initial = useTaskState(deviceId);
  const [heard, setHeard] = useState<Live>({ pose: null, path: [] });

  useLiveEvent('devices', (updates: DeviceUpdate[]) => {
    const mine = updates.filter((u) => u.deviceId === deviceId && u.online !== 0);
    if (mine.length === 0) return;
    setHeard((l) => {
      let next = l;
      for (const u of mine) {
        const task = u.task ?? next.task;
        const pose = u.pose && u.pose.x !== null && u.pose.y !== null ? ([u.pose.x, u.pose.y] as Point) : next.pose;
        const newRun = task !== next.task && task !== '' && next.task !== undefined;
        const working = (u.state ?? next.state) === 'working';
        next = {
          state: u.state ?? next.state,
          task,
          map: u.map ?? next.map,
          progress: u.progress ?? next.progress,
          cleanedArea: u.cleanedArea ?? next.cleanedArea,
          pose,
          path: newRun ? [] : working && pose ? extendPath(next.path, pose) : next.path,
        };
      }
      return next;
    });
  });

  const s = initial.data;
  const live = {
    state: heard.state ?? s?.state ?? '',
    task: heard.task ?? s?.taskName ?? '',
    map: heard.map ?? s?.mapName ?? '',
    progress: heard.progress ?? s?.progress ?? 0,
    cleanedArea: heard.cleanedArea ?? s?.cleanedArea ?? 0,
    pose: heard.pose,
    path: heard.path,
  };
  const map = maps.find((m) => m.mapName === live.map) ?? maps.find((m) => m.current);
  useCurrentMapFollows(deviceId, maps, live.map);
  const image = useMapImage(deviceId, map?.mapName ?? null);
  const marks = useMapMarks(deviceId, map?.mapName ?? null);
  const [mapBox, { width: mapWidth }] = useElementSize<HTMLDivElement>();
  const running = live.task !== '';
  const paused = live.state === 'paused';
  const { pending, send } = useTaskCommands(deviceId, { state: live.state, task: live.task });
  const sending = pending?.phase === 'sending' ? pending.command : null;
  const awaited = pending?.phase === 'waiting' ? pending.command : null;
  // names in another script keep their own direction inside the sentence (U+2068 … U+2069, as <bdi> does)
  const names = { robot: `\u2068${robot}\u2069`, task: `\u2068${live.task}\u2069` };
  return (
    <Card size="small" title={t('task.live.title')} data-testid="live-work">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('task.live.task')}>
          <span data-testid="live-task">{live.task || t('task.live.none')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('task.live.state')}>
          <Tag data-testid="live-state">{t(`task.states.${live.state || 'idle'}`, { defaultValue: live.state })}</Tag>
          {pending ? (
            <Tag color={pending.late ? 'warning' : 'processing'} data-testid="task-pending">
              {t(`task.live.pending.${pending.command}`)}
            </Tag>
          ) : null}
        </Descriptions.Item>
        <Descriptions.Item label={t('task.live.cleaned')}>{live.cleanedArea.toFixed(1)} m²</Descriptions.Item>
        <Descriptions.Item label={t('task.live.map')}>
          <span data-testid="live-map-name">{map?.mapName ?? '—'}</span>
        </Descriptions.Item>
      </Descriptions>
      <Progress percent={Math.round(live.progress)} aria-label={t('task.live.cleaned')} data-testid="live-progress" />
      {can(RUN) ? (
        <Space wrap style={{ margin: '8px 0' }} className="cf-touch">
          <Button
            disabled={!running || paused || sending !== null || awaited === 'pause'}
            loading={sending === 'pause'}
            onClick={() => send('pause')}
            data-testid="task-pause"
          >
            {t('task.live.pause')}
          </Button>
          <Button
            disabled={!paused || sending !== null || awaited === 'resume'}
            loading={sending === 'resume'}
            onClick={() => send('resume')}
            data-testid="task-resume"
          >
            {t('task.live.resume')}
          </Button>
          <Popconfirm
            title={t('task.live.cancelOneConfirm', names)}
            okText={t('task.live.cancelOne')}
            cancelText={t('task.live.keep')}
            okButtonProps={{ danger: true }}
            disabled={!running || sending !== null}
            onConfirm={() => send('cancelOne')}
          >
            <Button disabled={!running || sending !== null || awaited === 'cancelOne'} loading={sending === 'cancelOne'} data-testid="task-cancel-one">
              {t('task.live.cancelOne')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('task.live.cancelAllConfirm', names)}
            description={t('task.live.cancelAllWhat')}
            okText={t('task.live.cancelAll')}
            cancelText={t('task.live.keep')}
            okButtonProps={{ danger: true }}
            disabled={!running || sending !== null}
            onConfirm={() => send('cancelAll')}
          >
            <Button danger disabled={!running || sending !== null || awaited === 'cancelAll'} loading={sending === 'cancelAll'} data-testid="task-cancel-all">
              {t('task.live.cancelAll')}
            </Button>
          </Popconfirm>
        </Space>
      ) : null}
      {/* as wide as the card allows, at most 560 px (a fixed 560 px ran out of the card on a laptop) */}
      <div ref={mapBox}>
        {map ? (
          <TaskMap frame={map} image={image.data} width={mapWidth > 0 ? Math.min(MAP_WIDTH, mapWidth) : MAP_WIDTH} walls={marks.data?.walls} zones={marks.data?.zones} path={live.path} robot={live.pose} testId="live-map" />
        ) : null}
      </div>
    </Card>
  );
}

/** The robot changed floor (an elevator ride, a map load): its map list is read again, so the page's "the robot
 * is on this map" mark follows it. */
function useCurrentMapFollows(deviceId: number, maps: RobotMap[], liveMap: string) {
  const queryClient = useQueryClient();
  const current = maps.find((m) => m.current)?.mapName;
  useEffect(() => {
    if (liveMap && current !== undefined && liveMap !== current && maps.some((m) => m.mapName === liveMap)) {
      void queryClient.invalidateQueries({ queryKey: taskKeys.robot(deviceId, 'maps') });
    }
  }, [queryClient, deviceId, maps, liveMap, current]);
}
