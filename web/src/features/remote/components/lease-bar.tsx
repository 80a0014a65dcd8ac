import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReleaseControl, useTakeControl, type ControlLease } from '../api/control-lease';
import { controlStatus, formatCountdown, LEASE_MINUTES, secondsLeft, type LeaseMinutes } from '../lib/lease';
import { useNow } from '@/lib/use-now';

interface LeaseBarProps {
  deviceId: number;
  lease: ControlLease | undefined;
  /** The user holds device_control/index/control. */
  mayControl: boolean;
  onExpired: () => void;
}

const MINUTE_KEYS = { 10: 'm10', 30: 'm30', 60: 'm60', 120: 'm120', 0: 'longTerm' } as const;

/**
 * Who controls the robot and for how long; take, extend or release it. Another user's lease offers a
 * release only to those the server says may (a user above the holder): nobody is offered a button that
 * would be refused.
 */
export function LeaseBar({ deviceId, lease, mayControl, onExpired }: LeaseBarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const now = useNow();
  const [minutes, setMinutes] = useState<LeaseMinutes>(10);
  const take = useTakeControl(deviceId);
  const release = useReleaseControl(deviceId);
  const status = controlStatus(lease, now);
  const left = secondsLeft(lease, now);
  const expired = lease?.held === true && left === 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);

  const remaining = lease?.longTerm ? t('remote.lease.longTermHeld') : left !== null ? t('remote.lease.left', { time: formatCountdown(left) }) : '';
  const onTake = () =>
    take
      .mutateAsync(minutes)
      .then(() => void message.success(t('remote.lease.taken')))
      .catch(() => undefined);
  const onRelease = () =>
    release
      .mutateAsync()
      .then(() => void message.success(t('remote.lease.released')))
      .catch(() => undefined);

  return (
    <div className="cf-remote-lease" data-testid="lease-bar" data-status={status}>
      {status === 'free' ? (
        <Typography.Text type="secondary">{t('remote.lease.free')}</Typography.Text>
      ) : (
        <Space wrap>
          <Tag color={status === 'mine' ? 'success' : 'warning'} icon={<LockOutlined />}>
            <span data-testid="lease-holder">{status === 'mine' ? t('remote.lease.mine') : t('remote.lease.other', { holder: lease?.holder ?? '' })}</span>
          </Tag>
          <Typography.Text strong className="cf-remote-mono" data-testid="lease-countdown">
            {remaining}
          </Typography.Text>
        </Space>
      )}
      {mayControl ? (
        <Space wrap className="cf-remote-lease__actions">
          {status !== 'other' ? (
            <>
              <Select<LeaseMinutes>
                aria-label={t('remote.lease.duration')}
                data-testid="lease-minutes"
                value={minutes}
                onChange={setMinutes}
                style={{ width: 140 }}
                options={LEASE_MINUTES.map((m) => ({ value: m, label: t(`remote.lease.${MINUTE_KEYS[m]}`) }))}
              />
              <Button type="primary" icon={<LockOutlined />} loading={take.isPending} onClick={() => void onTake()} data-testid="lease-take">
                {status === 'mine' ? t('remote.lease.extend') : t('remote.lease.take')}
              </Button>
            </>
          ) : null}
          {status === 'mine' ? (
            <Button icon={<UnlockOutlined />} loading={release.isPending} onClick={() => void onRelease()} data-testid="lease-release">
              {t('remote.lease.release')}
            </Button>
          ) : null}
          {status === 'other' && lease?.mayRelease ? (
            <Popconfirm title={t('remote.lease.releaseOtherConfirm', { holder: lease?.holder ?? '' })} onConfirm={onRelease} okButtonProps={{ danger: true }}>
              <Button danger icon={<UnlockOutlined />} loading={release.isPending} data-testid="lease-release">
                {t('remote.lease.release')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ) : null}
    </div>
  );
}
