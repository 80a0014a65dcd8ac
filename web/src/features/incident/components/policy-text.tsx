import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Level } from '../api/settings';

interface Policy {
  levels: Level[];
  reminderMinutes: number;
  reminderLimit: number;
}

/** A policy in a line a person reads: each level (how far up, after how long), then the reminders. */
export function PolicyText({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  return (
    <ol className="cf-incident-policy" data-testid="incident-policy">
      {policy.levels.map((level, index) => (
        <li key={index}>
          <strong>{t('incident.settings.levelLabel', { level: index })}</strong>:{' '}
          {level.up === 0
            ? t('incident.settings.policyOwner', { minutes: level.waitMinutes })
            : t('incident.settings.policyUp', { up: level.up, minutes: level.waitMinutes })}
        </li>
      ))}
      <li className="cf-incident-policy__reminders">
        <Typography.Text type="secondary">{reminders(t, policy)}</Typography.Text>
      </li>
    </ol>
  );
}

export function reminders(t: TFunction, policy: Pick<Policy, 'reminderMinutes' | 'reminderLimit'>): string {
  return policy.reminderLimit > 0 && policy.reminderMinutes > 0
    ? t('incident.settings.reminders', { minutes: policy.reminderMinutes, limit: policy.reminderLimit })
    : t('incident.settings.noReminders');
}
