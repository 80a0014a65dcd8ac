import { createContext, useContext } from 'react';
import type { RobotLink } from '../api/robot-calls';
import type { DeviceDetail as RobotRecord } from '@/api/device/devices';
import type { ControlStatus } from '../lib/lease';

export interface RemoteRobot {
  robot: RobotLink;
  record: RobotRecord;
  /** Who commands the robot now. */
  control: ControlStatus;
  holder: string | null;
  /** Commands may be sent: the user holds control (the server refuses others' commands anyway). */
  canCommand: boolean;
  /** Why commands are disabled, for their tooltips. */
  disabledReason: string | null;
}

export const RemoteContext = createContext<RemoteRobot | null>(null);

export function useRemote(): RemoteRobot {
  const value = useContext(RemoteContext);
  if (!value) throw new Error('useRemote outside a robot page');
  return value;
}
