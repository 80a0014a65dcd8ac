import { Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRobotCommand } from '../api/robot-calls';
import { noteOutcome, noteSent } from '../lib/command-notes';
import { useRemote } from './remote-context';

interface CommandButtonProps {
  call: string;
  body?: Record<string, unknown>;
  label: string;
  icon?: ReactNode;
  /** Asked before sending (destructive or motion commands). */
  confirm?: string;
  done?: string;
  danger?: boolean;
  testId: string;
}

/**
 * One robot command. Disabled, with the reason as its tooltip, while the user does not hold the
 * robot's control; behind a confirmation where an operator would expect one. Once sent (the confirmation closes at
 * once) the button is busy and the commands card says the robot's answer is awaited, then how it went
 * (CommandNoteLine, issue 48 item 16).
 */
export function CommandButton({ call, body, label, icon, confirm, done, danger, testId }: CommandButtonProps) {
  const { t } = useTranslation();
  const { robot, canCommand, disabledReason } = useRemote();
  const command = useRobotCommand(robot);
  const send = () => {
    const note = noteSent(robot.deviceId, label);
    void command.mutateAsync({ call, body, done: done ?? t('remote.commands.done') }).then(
      () => noteOutcome(robot.deviceId, note, 'done'),
      () => noteOutcome(robot.deviceId, note, 'failed'),
    );
  };
  const button = (
    <Button icon={icon} danger={danger} disabled={!canCommand} loading={command.isPending} data-testid={testId} onClick={confirm ? undefined : send}>
      {label}
    </Button>
  );
  const guarded = confirm && canCommand ? (
    <Popconfirm title={confirm} okButtonProps={{ danger }} okText={label} cancelText={t('common.cancel')} onConfirm={send}>
      {button}
    </Popconfirm>
  ) : (
    button
  );
  return disabledReason ? (
    <Tooltip title={disabledReason}>
      <span className="cf-remote-disabled">{guarded}</span>
    </Tooltip>
  ) : (
    guarded
  );
}
