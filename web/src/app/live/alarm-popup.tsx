/**
 * What a pop-up of new alarms says: one alarm with its robot, text and time, or a burst as one list of
 * the first few and how many more. A plain function of the alarms and the reader's view, so the feed
 * (alarm-feed.tsx) keeps the hooks and this stays testable without them.
 */
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { AlarmEvent } from '@/api/realtime';
import { alarmText } from '@/lib/alarm-text';

/** Lines a grouped pop-up lists before "and N more". */
export const LINES_PER_GROUP = 3;

export type Announced = Pick<AlarmEvent, 'deviceSerialNumber' | 'key' | 'code' | 'content' | 'time' | 'level'> & {
  warnId?: number;
  deviceName?: string;
};

export interface PopupView {
  t: TFunction;
  exists: (key: string) => boolean;
  placement: 'bottomLeft' | 'bottomRight';
  /** The link to the live alarms page, when the reader may open it. */
  action?: ReactNode;
}

export interface AlarmPopup {
  key?: string;
  type: 'error' | 'warning' | 'info';
  placement: PopupView['placement'];
  duration: number;
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
}

function severity(alarms: Announced[]): AlarmPopup['type'] {
  const worst = Math.max(...alarms.map((alarm) => alarm.level ?? 1));
  return worst === 3 ? 'error' : worst === 2 ? 'warning' : 'info';
}

function robot(alarm: Announced): string {
  return alarm.deviceName ? `${alarm.deviceName} · ${alarm.deviceSerialNumber}` : alarm.deviceSerialNumber;
}

/** The pop-up for ``alarms`` (at least one): antd notification's arguments. */
export function alarmPopup(alarms: Announced[], view: PopupView): AlarmPopup {
  const { t, exists, placement, action } = view;
  const line = (alarm: Announced) => <bdi>{alarmText(t, alarm, exists)}</bdi>;
  const [only] = alarms;
  if (only && alarms.length === 1) {
    return {
      key: only.warnId ? `alarm-${only.warnId}` : undefined,
      type: severity(alarms),
      placement,
      duration: 8,
      title: robot(only),
      description: (
        <div data-testid="alarm-popup">
          <div>{line(only)}</div>
          <div>
            <bdi>{dayjs(only.time).format('YYYY-MM-DD HH:mm:ss')}</bdi>
          </div>
        </div>
      ),
      actions: action,
    };
  }
  const more = alarms.length - LINES_PER_GROUP;
  return {
    key: 'alarm-group',
    type: severity(alarms),
    placement,
    duration: 10,
    title: t('monitor.alarm.group', { count: alarms.length }),
    description: (
      <ul className="cf-alarm-group" data-testid="alarm-group" data-count={alarms.length}>
        {alarms.slice(0, LINES_PER_GROUP).map((alarm, index) => (
          <li key={alarm.warnId ?? index}>
            <bdi>{robot(alarm)}</bdi>: {line(alarm)}
          </li>
        ))}
        {more > 0 ? <li>{t('monitor.alarm.more', { count: more })}</li> : null}
      </ul>
    ),
    actions: action,
  };
}
