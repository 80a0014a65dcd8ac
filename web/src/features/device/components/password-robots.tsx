/**
 * How the robots sign in to the broker (issue 46): the count of password and certificate robots of the listed
 * subtree, the tenant's "allow password robots" switch for whoever holds device/index/password_robots, and the
 * tag a robot that still signs in with a password gets in the list.
 */
import { KeyOutlined } from '@ant-design/icons';
import { App, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/use-can';
import { usePasswordRobots, useSetPasswordRobots } from '../api/password-robots';

export const PASSWORD_ROBOTS_KEY = 'device/index/password_robots';

/**
 * The tag of a robot that last signed in to the broker with a password (nothing for a certificate robot): a
 * plain element with a title, like the list's other cells (device-state.tsx: no antd Tooltip per row).
 */
export function PasswordTag({ method }: { method: string | undefined }) {
  const { t } = useTranslation();
  if (method !== 'password') return null;
  return (
    <span
      className="cf-devices__tag cf-devices__tag--password"
      title={t('device.brokerLink.passwordTitle')}
      data-testid="device-password-robot"
    >
      <KeyOutlined /> {t('device.brokerLink.password')}
    </span>
  );
}

/** One line above the list: how many robots sign in how, and the switch (or why it is off). */
export function PasswordRobotsBar({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const state = usePasswordRobots(userId);
  const change = useSetPasswordRobots();
  const data = state.data;
  if (!data) return null;
  const offAbove = data.own && !data.allowed;
  return (
    <span className="cf-devices__broker" data-testid="password-robots">
      <Typography.Text type="secondary" data-testid="password-robots-count">
        {t('device.brokerLink.counts', { password: data.passwordRobots, certificate: data.certificateRobots })}
        {data.unknownRobots ? ` · ${t('device.brokerLink.notSeen', { count: data.unknownRobots })}` : ''}
      </Typography.Text>
      <Tooltip title={offAbove ? t('device.brokerLink.offAbove') : t('device.brokerLink.allowHelp')}>
        <span className="cf-devices__broker-switch">
          <Switch
            size="small"
            checked={data.own}
            loading={change.isPending}
            disabled={!can(PASSWORD_ROBOTS_KEY) || offAbove}
            aria-label={t('device.brokerLink.allow')}
            data-testid="password-robots-switch"
            onChange={(allowed) =>
              change.mutate({ userId: data.userId, allowed }, { onSuccess: () => void message.success(t('device.brokerLink.saved')) })
            }
          />{' '}
          <Typography.Text>{t('device.brokerLink.allow')}</Typography.Text>
        </span>
      </Tooltip>
    </span>
  );
}
