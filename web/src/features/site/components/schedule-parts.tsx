import { Empty, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RobotSchedules, Schedule } from '../api/schedules';

/** One robot schedule: robot, name and hours; its tasks when it names them; "off" when switched off. */
export function ScheduleLine({ schedule }: { schedule: Schedule }) {
  const { t } = useTranslation();
  return (
    <span className="cf-site-schedule">
      <bdi>{`${schedule.startTime}–${schedule.endTime}`}</bdi> <strong>{schedule.scheduleName}</strong>{' '}
      <Typography.Text type="secondary">
        {schedule.deviceCode} · {schedule.mapName}
        {schedule.taskList.length ? ` · ${schedule.taskList.join(', ')}` : ''}
      </Typography.Text>
      {schedule.isActive ? null : <Tag className="cf-site-off">{t('site.calendar.off')}</Tag>}
    </span>
  );
}

/** Which robots told their schedules: read, or unknown with the reason (offline, no answer). */
export function RobotAnswers({ robots }: { robots: readonly RobotSchedules[] }) {
  const { t } = useTranslation();
  if (robots.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('site.robots.none')} />;
  return (
    <ul className="cf-site-robot-answers" data-testid="schedule-robots">
      {robots.map((robot) => (
        <li key={robot.deviceId} data-testid={`schedule-robot-${robot.deviceSerialNumber}`}>
          <Space wrap size={[8, 4]}>
            <span>
              {robot.deviceCode} <Typography.Text type="secondary">{robot.deviceSerialNumber}</Typography.Text>
            </span>
            {robot.state === 'ok' ? <Tag color="green">{t('site.coverage.robotRead')}</Tag> : <Tag color="default">{t('site.coverage.robotUnknown')}</Tag>}
            {robot.reason ? <Typography.Text type="secondary">{robot.reason}</Typography.Text> : null}
          </Space>
        </li>
      ))}
    </ul>
  );
}
