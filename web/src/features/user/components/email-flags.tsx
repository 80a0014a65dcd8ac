import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

export const EMAIL_FLAGS = ['emailToTask', 'emailToWarn', 'emailToTaskReport'] as const;
export type EmailFlag = (typeof EMAIL_FLAGS)[number];

/** The mail flags as ticked names (the server keeps each as 0 or 1). */
export function flagsOf(user: Partial<Record<EmailFlag, number>>): EmailFlag[] {
  return EMAIL_FLAGS.filter((flag) => user[flag] === 1);
}

export function flagValues(ticked: readonly EmailFlag[] | undefined): Record<EmailFlag, number> {
  return {
    emailToTask: ticked?.includes('emailToTask') ? 1 : 0,
    emailToWarn: ticked?.includes('emailToWarn') ? 1 : 0,
    emailToTaskReport: ticked?.includes('emailToTaskReport') ? 1 : 0,
  };
}

/** Which mails the user receives: tasks, alarms, task reports. */
export function EmailFlagsInput({ value, onChange, disabled }: { value?: EmailFlag[]; onChange?(value: EmailFlag[]): void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      value={value}
      disabled={disabled}
      onChange={(next) => onChange?.(next as EmailFlag[])}
      options={EMAIL_FLAGS.map((flag) => ({ value: flag, label: t(`user.email.${flag}`) }))}
    />
  );
}
