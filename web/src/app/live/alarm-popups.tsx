/** The pop-ups of new alarms (one alarm, or a burst grouped in one), with a link to the live alarms page. */
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AlarmEvent } from '@/api/realtime';
import { useLanguageStore } from '@/i18n/store';
import { alarmText } from '@/lib/alarm-text';
import { isPathAvailable } from '@/lib/availability';
import { useSessionStore } from '@/lib/session';
import { useFeedback } from '../feedback';

/** Lines a grouped pop-up lists before "and N more". */
const LINES_PER_GROUP = 3;

export type Announced = Pick<AlarmEvent, 'deviceSerialNumber' | 'key' | 'code' | 'content' | 'time' | 'level'> & {
  warnId?: number;
  deviceName?: string;
};

/** Shows alarms as one pop-up: a single alarm with its device, text and time; several as a list of the first few. */
export function useAlarmPopups(): (alarms: Announced[]) => void {
  const { t, i18n } = useTranslation();
  const { notification } = useFeedback();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const livePage = isPathAvailable('/index/realWarn', user);
  // at the content's far corner: bottom left in Arabic, where the menu is on the right
  const placement = useLanguageStore((s) => (s.direction === 'rtl' ? 'bottomLeft' : 'bottomRight'));
  return useCallback(
    (alarms: Announced[]) => {
      const openPage = () => void navigate('/index/realWarn');
      const action = livePage ? (
        <Button size="small" type="link" onClick={openPage}>
          {t('monitor.alarm.openLive')}
        </Button>
      ) : undefined;
      const worst = Math.max(...alarms.map((alarm) => alarm.level ?? 1));
      const type = worst === 3 ? 'error' : worst === 2 ? 'warning' : 'info';
      const line = (alarm: Announced) => <bdi>{alarmText(t, alarm, (key) => i18n.exists(key))}</bdi>;
      const device = (alarm: Announced) => (alarm.deviceName ? `${alarm.deviceName} · ${alarm.deviceSerialNumber}` : alarm.deviceSerialNumber);
      const [only] = alarms;
      if (only && alarms.length === 1) {
        notification.open({
          key: only.warnId ? `alarm-${only.warnId}` : undefined,
          type,
          placement,
          duration: 8,
          title: device(only),
          description: (
            <div data-testid="alarm-popup">
              <div>{line(only)}</div>
              <div>
                <bdi>{dayjs(only.time).format('YYYY-MM-DD HH:mm:ss')}</bdi>
              </div>
            </div>
          ),
          actions: action,
        });
        return;
      }
      const more = alarms.length - LINES_PER_GROUP;
      notification.open({
        key: 'alarm-group',
        type,
        placement,
        duration: 10,
        title: t('monitor.alarm.group', { count: alarms.length }),
        description: (
          <ul className="cf-alarm-group" data-testid="alarm-group" data-count={alarms.length}>
            {alarms.slice(0, LINES_PER_GROUP).map((alarm, index) => (
              <li key={alarm.warnId ?? index}>
                <bdi>{device(alarm)}</bdi>: {line(alarm)}
              </li>
            ))}
            {more > 0 ? <li>{t('monitor.alarm.more', { count: more })}</li> : null}
          </ul>
        ),
        actions: action,
      });
    },
    [i18n, livePage, navigate, notification, placement, t],
  );
}
