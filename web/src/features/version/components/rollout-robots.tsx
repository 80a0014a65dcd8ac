import { ClockCircleOutlined } from '@ant-design/icons';
import { Collapse, Empty, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useRolloutRobots, type Rollout, type RolloutRobot } from '../api/firmware';
import { isSignatureReason, updateReason } from '../lib/signature';
import { UpdateState } from './update-state';

/** Why a robot waits, in the reader's language (a refusal with the robot's own reason), or why it failed. */
function WhyItWaits({ robot }: { robot: RolloutRobot }) {
  const { t } = useTranslation();
  if (robot.state === 'FAILED' && robot.reason === 'max_defer') {
    return <Typography.Text type="danger">{t('version.window.deferred')}</Typography.Text>;
  }
  if (robot.state === 'FAILED' && isSignatureReason(robot.reason)) {
    return <Typography.Text type="danger" data-testid="signature-refusal">{updateReason(t, robot.reason)}</Typography.Text>;
  }
  if (robot.state !== 'QUEUED' || !robot.waitReason) return null;
  const why =
    robot.waitReason === 'robot_refused'
      ? t('version.window.refusedBecause', { reason: t(`version.window.reasons.${robot.reason}`, { defaultValue: robot.reason }) })
      : t(`version.window.reasons.${robot.waitReason}`, { defaultValue: robot.waitReason });
  return (
    <Space wrap size={4}>
      <Typography.Text data-testid="wait-reason" data-reason={robot.waitReason}>
        <ClockCircleOutlined aria-hidden style={{ marginInlineEnd: 4 }} />
        {why}
      </Typography.Text>
      {robot.notBeforeLocal ? (
        <Typography.Text type="secondary" data-testid="next-chance">
          {t('version.window.nextAt', { time: robot.notBeforeLocal, zone: robot.timeZone })}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** The rollout's robots, opened on demand: each one's state and, while it waits, why and its next chance. */
export function RolloutRobots({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const robots = useRolloutRobots(rollout.rolloutId, open);
  const list = robots.data?.list ?? [];
  const body = (
    <QueryState query={robots}>
      {list.length === 0 ? (
        <Empty description={t('version.window.noRobots')} />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(robot) => (
            <List.Item key={robot.updateId} data-testid={`rollout-robot-${robot.deviceSerialNumber}`} data-state={robot.state}>
              <Space wrap size={[8, 4]} style={{ width: '100%' }}>
                <strong>{robot.deviceName || robot.deviceSerialNumber}</strong>
                <Typography.Text type="secondary">{robot.deviceSerialNumber}</Typography.Text>
                <Tag>{t('version.rollout.group', { number: robot.groupNumber ?? 1 })}</Tag>
                <UpdateState state={robot.state} progress={robot.progress} />
                <WhyItWaits robot={robot} />
              </Space>
            </List.Item>
          )}
        />
      )}
    </QueryState>
  );
  return (
    <Collapse
      size="small"
      style={{ marginTop: 8 }}
      onChange={(keys) => setOpen(keys.length > 0)}
      data-testid="rollout-robots"
      items={[{ key: 'robots', label: t('version.window.robots', { count: rollout.total }), children: body }]}
    />
  );
}
