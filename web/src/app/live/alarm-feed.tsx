/**
 * The header's live alarms: keeps the badge at the number of unresolved alarms, pops up each new
 * alarm while "show alarms" is on (with a tone when "play alarm sound" is on too), and after a
 * reconnect that missed events shows what was raised meanwhile (/warn/now).
 *
 * The count comes from /warn/listUnProcess for users holding an alarm page's key, otherwise from
 * /monitor/status (the index page's count, open to everyone); both cover the user's subtree.
 */
import { App, Button } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { post } from '@/api/client';
import type { AlarmEvent } from '@/api/realtime';
import { isPathAvailable } from '@/lib/availability';
import { soundActive, useAlarmPreferences } from '../stores/alarm-preferences';
import { useAlarmsStore } from '../stores/alarms';
import { hasPermission, useSessionStore } from '@/lib/session';
import { armAudioUnlock, playAlarmTone } from './alarm-sound';
import { alarmText } from '@/lib/alarm-text';
import { useLiveEvent } from '@/lib/live/connection';

/** Pages whose key lets a user read the alarm lists. */
export const ALARM_PAGE_KEYS = ['index/realWarn', 'warn/index/warn', 'device/warn'] as const;
const POPUPS_PER_BURST = 3;
const BURST_MS = 5_000;
const COUNT_EVERY_MS = 5 * 60_000;
const RESOLVE_REFRESH_MS = 1_000;

type Announced = Pick<AlarmEvent, 'deviceSerialNumber' | 'key' | 'code' | 'content' | 'time' | 'level'> & {
  warnId?: number;
  deviceName?: string;
};

export function AlarmFeed() {
  const { t, i18n } = useTranslation();
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const canList = ALARM_PAGE_KEYS.some((key) => hasPermission(user, key));
  const livePage = isPathAvailable('/index/realWarn', user);
  const lastWarnId = useRef<number | null>(null);
  const burst = useRef({ start: 0, shown: 0, more: 0 });
  const told = useRef(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refreshCount = useCallback(async () => {
    try {
      if (canList) {
        const page = await post('/api/warn/listUnProcess', { pageSize: 1, currentPage: 1 }, { quiet: true });
        useAlarmsStore.getState().setUnread(page.total);
        lastWarnId.current ??= page.list[0]?.warnId ?? 0;
      } else {
        const status = await post('/api/monitor/status', {}, { quiet: true });
        useAlarmsStore.getState().setUnread(status.openAlarms);
      }
    } catch {
      // the badge keeps its number until the next try
    }
  }, [canList]);

  useEffect(() => {
    void refreshCount();
    const timer = setInterval(() => void refreshCount(), COUNT_EVERY_MS);
    return () => {
      clearInterval(timer);
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
    };
  }, [refreshCount]);

  const playSound = useAlarmPreferences((s) => soundActive(s));
  useEffect(() => {
    if (playSound) armAudioUnlock();
  }, [playSound]);

  const announce = useCallback(
    (alarms: Announced[]) => {
      const prefs = useAlarmPreferences.getState();
      if (!prefs.showAlarms || alarms.length === 0) return;
      const now = Date.now();
      const state = burst.current;
      if (now - state.start > BURST_MS) Object.assign(state, { start: now, shown: 0, more: 0 });
      const openPage = () => void navigate('/index/realWarn');
      for (const alarm of alarms) {
        if (state.shown >= POPUPS_PER_BURST) {
          state.more += 1;
          continue;
        }
        state.shown += 1;
        notification.open({
          key: alarm.warnId ? `alarm-${alarm.warnId}` : undefined,
          type: alarm.level === 3 ? 'error' : alarm.level === 2 ? 'warning' : 'info',
          placement: 'bottomRight',
          duration: 8,
          title: alarm.deviceName ? `${alarm.deviceName} · ${alarm.deviceSerialNumber}` : alarm.deviceSerialNumber,
          description: (
            <div data-testid="alarm-popup">
              <div>
                <bdi>{alarmText(t, alarm, (key) => i18n.exists(key))}</bdi>
              </div>
              <div>
                <bdi>{dayjs(alarm.time).format('YYYY-MM-DD HH:mm:ss')}</bdi>
              </div>
            </div>
          ),
          actions: livePage ? (
            <Button size="small" type="link" onClick={openPage}>
              {t('monitor.alarm.openLive')}
            </Button>
          ) : undefined,
        });
      }
      if (state.more > 0) {
        notification.open({
          key: 'alarm-more',
          type: 'warning',
          placement: 'bottomRight',
          duration: 8,
          title: t('monitor.alarm.more', { count: state.more }),
          actions: livePage ? (
            <Button size="small" type="link" onClick={openPage}>
              {t('monitor.alarm.openLive')}
            </Button>
          ) : undefined,
        });
      }
      if (soundActive(prefs) && playAlarmTone() === 'blocked' && !told.current) {
        told.current = true;
        void message.info(t('monitor.alarm.soundBlocked'), 6);
      }
    },
    [i18n, livePage, message, navigate, notification, t],
  );

  useLiveEvent('alarms', (items) => {
    const raised = items.filter((item) => item.action === 'raise' && item.state === 'unresolved');
    if (raised.length) {
      const store = useAlarmsStore.getState();
      store.setUnread(store.unread + raised.length);
      for (const item of raised) lastWarnId.current = Math.max(lastWarnId.current ?? 0, item.warnId ?? 0);
      announce(raised);
    }
    if (items.some((item) => item.action === 'resolve')) {
      if (refreshTimer.current) clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => void refreshCount(), RESOLVE_REFRESH_MS);
    }
  });

  useLiveEvent('resync', () => {
    void refreshCount();
    const after = lastWarnId.current;
    if (!canList || after === null) return;
    post('/api/warn/now', { warnId: after }, { quiet: true })
      .then((missed) => {
        for (const alarm of missed) lastWarnId.current = Math.max(lastWarnId.current ?? 0, alarm.warnId);
        announce(missed.filter((alarm) => alarm.state === 'unresolved').toReversed());
      })
      .catch(() => undefined);
  });

  return null;
}
