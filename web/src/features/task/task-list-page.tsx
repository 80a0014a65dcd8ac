import { Card, Col, Empty, Row, Select, Space, Tag } from 'antd';
import { ResponsiveTabs } from '@/components/responsive-tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAllDevices } from '@/api/device/devices';
import { useRobotMaps } from './api/tasks';
import { ElevatorScheduleTable } from './components/elevator-schedule-table';
import { GroupTable } from './components/group-table';
import { LiveWork } from './components/live-work';
import { ScheduleTable } from './components/schedule-table';
import { TaskTable } from './components/task-table';
import './task.css';

/**
 * A robot's work (device/taskList, `?deviceId=`): its tasks on a chosen map (drawn on the map, started with a
 * warning while the floor may be wet), the running task live, task groups, scheduled and elevator scheduled
 * tasks. Everything is the robot's own; the server checks and relays.
 */
export default function TaskListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const deviceId = Number(params.get('deviceId')) || null;
  const robots = useAllDevices();
  const maps = useRobotMaps(deviceId);
  const [chosenMap, setChosenMap] = useState<string | null>(null);
  const picked = (robots.data ?? []).find((r) => r.deviceId === deviceId);
  const map = (maps.data ?? []).find((m) => m.mapName === chosenMap) ?? (maps.data ?? []).find((m) => m.current) ?? maps.data?.[0];

  return (
    <div className="cf-task" data-testid="task-page">
      <Card size="small">
        <Space wrap className="cf-task__pickers">
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 280 }}
            placeholder={t('task.page.chooseRobot')}
            aria-label={t('task.page.chooseRobot')}
            value={deviceId ?? undefined}
            loading={robots.isPending}
            onChange={(id) => {
              setChosenMap(null);
              setParams({ deviceId: String(id) });
            }}
            options={(robots.data ?? []).map((r) => ({ value: r.deviceId, label: robotLabel(r) }))}
            data-testid="task-robot"
          />
          {deviceId ? (
            <Select<string>
              style={{ minWidth: 200 }}
              value={map?.mapName}
              aria-label={t('task.live.map')}
              loading={maps.isPending}
              onChange={setChosenMap}
              options={(maps.data ?? []).map((m) => ({ value: m.mapName, label: m.mapName }))}
              data-testid="task-map"
            />
          ) : null}
          {map?.current ? <Tag color="green">{t('task.page.currentMap')}</Tag> : null}
        </Space>
      </Card>
      {deviceId === null ? (
        <Card size="small">
          <Empty description={t('task.page.noRobot')} />
        </Card>
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={14}>
            <Card size="small">
              <ResponsiveTabs
                items={[
                  { key: 'tasks', label: t('task.page.tasks'), children: <TaskTable deviceId={deviceId} map={map} /> },
                  { key: 'groups', label: t('task.page.groups'), children: <GroupTable deviceId={deviceId} /> },
                  { key: 'schedules', label: t('task.page.schedules'), children: <ScheduleTable deviceId={deviceId} map={map} /> },
                  { key: 'elevator', label: t('task.page.elevatorSchedules'), children: <ElevatorScheduleTable deviceId={deviceId} maps={maps.data ?? []} map={map} /> },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            {/* keyed: what was heard live about one robot, or a command waiting on it, never shows on another */}
            <LiveWork key={deviceId} deviceId={deviceId} maps={maps.data ?? []} robot={picked ? robotLabel(picked) : String(deviceId)} />
          </Col>
        </Row>
      )}
    </div>
  );
}

/** A robot as the picker names it: its code and serial number. */
function robotLabel(r: { deviceCode: string; deviceSerialNumber: string }): string {
  return `${r.deviceCode} (${r.deviceSerialNumber})`;
}
