import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPathAvailable } from '@/lib/availability';
import { useNow } from '@/lib/use-now';
import { useSessionStore } from '@/lib/session';
import type { FieldRobot } from '../api/field';
import { ageText } from '../lib/age';

/** The robots as last heard: online or not, battery, what they were doing, where they are. */
export function RobotCards({ robots }: { robots: FieldRobot[] }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const user = useSessionStore((s) => s.user);
  const remote = isPathAvailable('/device_control/index', user);
  if (robots.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fieldkit.robots.empty')} />;
  return (
    <List<FieldRobot>
      dataSource={robots}
      rowKey="deviceId"
      data-testid="field-robots"
      renderItem={(robot) => (
        <List.Item data-testid={`field-robot-${robot.deviceId}`}>
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Space wrap size={4}>
              <Typography.Text strong>
                <bdi>{robot.deviceName || robot.serialNumber}</bdi>
              </Typography.Text>
              <Tag color={robot.online ? 'green' : 'default'}>{robot.online ? t('fieldkit.robots.online') : t('fieldkit.robots.offline')}</Tag>
              {robot.battery !== null ? <Tag>{t('fieldkit.robots.battery', { percent: robot.battery })}</Tag> : null}
              {robot.charging ? <Tag color="blue">{t('fieldkit.robots.charging')}</Tag> : null}
            </Space>
            <Typography.Text type="secondary">
              <bdi>{[robot.serialNumber, robot.siteName, robot.taskName].filter(Boolean).join(' · ')}</bdi>
            </Typography.Text>
            <Typography.Text type="secondary">
              {robot.heartbeatTime
                ? t('fieldkit.robots.lastHeard', { age: ageText(Date.parse(robot.heartbeatTime), now, i18n.language, t('fieldkit.snapshot.justNow')) })
                : t('fieldkit.robots.never')}
            </Typography.Text>
            {remote ? <Link to={`/device_control/index?deviceId=${robot.deviceId}`}>{t('fieldkit.robots.remote')}</Link> : null}
          </Space>
        </List.Item>
      )}
    />
  );
}
