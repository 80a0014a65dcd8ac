import {
  AimOutlined,
  AlertOutlined,
  HomeOutlined,
  LockOutlined,
  PoweroffOutlined,
  SafetyOutlined,
  StopOutlined,
  UnlockOutlined,
  VerticalAlignBottomOutlined,
  HighlightOutlined,
} from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSessionStore } from '@/lib/session';
import type { HardwareAnswer, PoseAnswer } from '../api/robot-answers';
import { CommandButton } from './command-button';
import { CommandNoteLine } from './command-note';
import { useRemote } from './remote-context';
import { ParamsButton } from './params-dialog';

interface CommandPanelProps {
  pose?: PoseAnswer;
  hardware?: HardwareAnswer;
  /** Protocol 3: emergency_off; older robots release the emergency stop with robot_safe 0. */
  v3: boolean;
  vertical?: boolean;
}

const PARAMS_KEY = 'device_control/index/params';
const REBOOT_KEY = 'device_control/index/reboot';

/** The robot's commands; motion, safety and destructive ones ask first. */
export function CommandPanel({ pose, hardware, v3, vertical = false }: CommandPanelProps) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const { robot } = useRemote();
  const going = pose?.state === 'returning' || pose?.state === 'docking';
  const locked = hardware?.locked === 1;
  const brake = hardware?.brake === 1;
  const hand = hardware?.hand_mode === 1;
  const estop = hardware?.emergency_button === 1;
  return (
    <>
      <CommandNoteLine deviceId={robot.deviceId} />
      <Space wrap direction={vertical ? 'vertical' : 'horizontal'} className="cf-remote-commands" data-testid="commands">
        {going ? (
          <CommandButton call="cancel_go_home" label={t('remote.commands.cancelHome')} icon={<StopOutlined />} testId="cmd-cancel-home" />
        ) : (
          <CommandButton
            call="go_home"
            label={t('remote.commands.goHome')}
            icon={<HomeOutlined />}
            confirm={t('remote.commands.goHomeConfirm')}
            done={t('remote.commands.goHomeSent')}
            testId="cmd-go-home"
          />
        )}
        <CommandButton call="docker_back" label={t('remote.commands.dockBack')} icon={<VerticalAlignBottomOutlined />} confirm={t('remote.commands.dockBackConfirm')} testId="cmd-dock" />
        {locked ? (
          <CommandButton call="robot_lock" body={{ lock: 0 }} label={t('remote.commands.unlock')} icon={<UnlockOutlined />} testId="cmd-lock" />
        ) : (
          <CommandButton call="robot_lock" body={{ lock: 1 }} label={t('remote.commands.lock')} icon={<LockOutlined />} confirm={t('remote.commands.lockConfirm')} testId="cmd-lock" />
        )}
        {brake ? (
          <CommandButton call="robot_safe" body={{ robot_safe: 0 }} label={t('remote.commands.safeOff')} icon={<SafetyOutlined />} confirm={t('remote.commands.safeOffConfirm')} testId="cmd-safe" />
        ) : (
          <CommandButton call="robot_safe" body={{ robot_safe: 1 }} label={t('remote.commands.safeOn')} icon={<SafetyOutlined />} testId="cmd-safe" />
        )}
        <CommandButton call="relocation_start" label={t('remote.commands.relocate')} icon={<AimOutlined />} confirm={t('remote.commands.relocateConfirm')} testId="cmd-relocate" />
        {hand ? (
          <CommandButton call="hand_mode" body={{ mode: 0 }} label={t('remote.commands.handOff')} icon={<HighlightOutlined />} testId="cmd-hand" />
        ) : (
          <CommandButton call="hand_mode" body={{ mode: 1 }} label={t('remote.commands.handOn')} icon={<HighlightOutlined />} confirm={t('remote.commands.handOnConfirm')} testId="cmd-hand" />
        )}
        {v3 ? (
          <CommandButton call="emergency_off" label={t('remote.commands.emergencyOff')} icon={<AlertOutlined />} confirm={t('remote.commands.estopReleaseConfirm')} danger={estop} testId="cmd-emergency-off" />
        ) : estop ? (
          <CommandButton call="robot_safe" body={{ robot_safe: 0 }} label={t('remote.commands.estopRelease')} icon={<AlertOutlined />} confirm={t('remote.commands.estopReleaseConfirm')} danger testId="cmd-estop-release" />
        ) : null}
        {hasPermission(user, REBOOT_KEY) ? (
          <CommandButton call="robot_reboot" body={{ voice: 0 }} label={t('remote.commands.reboot')} icon={<PoweroffOutlined />} confirm={t('remote.commands.rebootConfirm')} danger testId="cmd-reboot" />
        ) : null}
        {hasPermission(user, PARAMS_KEY) ? <ParamsButton /> : null}
      </Space>
    </>
  );
}
