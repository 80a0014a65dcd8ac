/**
 * The header's live alarms: keeps the badge at the number of unresolved alarms, pops up new alarms
 * the user's choice lets through (faults only by default; with a tone when "play alarm sound" is on
 * too), and after a reconnect that missed events shows what was raised meanwhile (/warn/now).
 *
 * Pop-ups never cover the work: alarms arriving within a moment of each other show as one grouped
 * pop-up (up to three lines and how many more), and while a dialog is open they wait until it closes
 * (its footer buttons sit where the pop-ups would), then show as one.
 *
 * The count comes from /warn/listUnProcess for users holding an alarm page's key, otherwise from
 * /monitor/status (the index page's count, open to everyone); both cover the user's subtree.
 */
import { Button } from 'antd';
import { useFeedback } from '../feedback';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getAlarmsAfter, getFleetStatus, listOpenAlarms } from '@/api/alarm/alarm-calls';
import { actingUserId } from '@/api/client';
import { isPathAvailable } from '@/lib/availability';
import { popsUp, soundActive, useAlarmPreferences } from '../stores/alarm-preferences';
import { useAlarmsStore } from '../stores/alarms';
import { hasPermission, useSessionStore } from '@/lib/session';
import { armAudioUnlock, playAlarmTone } from './alarm-sound';
import { alarmPopup, type Announced } from './alarm-popup';
import { IncidentAck } from './incident-ack';
import { useLiveEvent } from '@/lib/live/connection';
import { useLanguageStore } from '@/i18n/store';

/** Pages whose key lets a user read the alarm lists. */
export const ALARM_PAGE_KEYS = ['index/realWarn', 'warn/index/warn', 'device/warn'] as const;
/** Alarms arriving within this of the first are one burst, shown together. */
const GATHER_MS = 1_500;
/** How often held pop-ups look whether the dialog has closed. */
const DIALOG_CHECK_MS = 1_000;
const COUNT_EVERY_MS = 5 * 60_000;
const RESOLVE_REFRESH_MS = 1_000;

/** Whether a dialog (antd Modal) is open: its footer buttons are where pop-ups would sit. */
function dialogOpen(): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-wrap')).some((wrap) => wrap.style.display !== 'none');
}

export function AlarmFeed() {
  const { t, i18n } = useTranslation();
  const { notification, message } = useFeedback();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const canList = ALARM_PAGE_KEYS.some((key) => hasPermission(user, key));
  const livePage = isPathAvailable('/index/realWarn', user);
  const canAck = hasPermission(user, 'incident/index/ack') && isPathAvailable('/incident/index', user);
  const lastWarnId = useRef<number | null>(null);
  const pending = useRef<Announced[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const told = useRef(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refreshCount = useCallback(async () => {
    try {
      if (canList) {
        const page = await listOpenAlarms({ pageSize: 1, currentPage: 1 }, { quiet: true });
        useAlarmsStore.getState().setUnread(page.total);
        lastWarnId.current ??= page.list[0]?.warnId ?? 0;
      } else {
        const status = await getFleetStatus({}, { quiet: true });
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

  // at the content's far corner: bottom left in Arabic, where the menu is on the right
  const placement = useLanguageStore((s) => (s.direction === 'rtl' ? 'bottomLeft' : 'bottomRight'));
  const show = useCallback(
    (alarms: Announced[]) => {
      const live = livePage ? (
        <Button size="small" type="link" onClick={() => void navigate('/index/realWarn')}>
          {t('monitor.alarm.openLive')}
        </Button>
      ) : undefined;
      // one alarm of an open incident: acknowledge it here (issue 34)
      const warnId = alarms.length === 1 && canAck ? alarms[0]?.warnId : undefined;
      const action = warnId ? <>{live}<IncidentAck warnId={warnId} /></> : live;
      notification.open(alarmPopup(alarms, { t, exists: (key) => i18n.exists(key), placement, action }));
    },
    [canAck, i18n, livePage, navigate, notification, placement, t],
  );

  const showLatest = useRef(show);
  useEffect(() => {
    showLatest.current = show;
  }, [show]);

  const announce = useCallback(
    (alarms: Announced[]) => {
      const prefs = useAlarmPreferences.getState();
      const shown = alarms.filter((alarm) => popsUp(prefs, alarm.level));
      if (shown.length === 0) return;
      pending.current.push(...shown);
      // after a moment (the rest of a burst), and not while a dialog is open, show what is pending as one
      const flushPending = () => {
        flushTimer.current = null;
        if (pending.current.length === 0) return;
        if (dialogOpen()) {
          flushTimer.current = setTimeout(flushPending, DIALOG_CHECK_MS);
          return;
        }
        const held = pending.current;
        pending.current = [];
        showLatest.current(held);
      };
      flushTimer.current ??= setTimeout(flushPending, GATHER_MS);
      if (soundActive(prefs) && playAlarmTone() === 'blocked' && !told.current) {
        told.current = true;
        void message.info(t('monitor.alarm.soundBlocked'), 6);
      }
    },
    [message, t],
  );

  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
    },
    [],
  );

  useLiveEvent('alarms', (items) => {
    const raised = items.filter((item) => item.action === 'raise' && item.state === 'unresolved');
    if (raised.length) {
      const store = useAlarmsStore.getState();
      store.setUnread(store.unread + raised.length);
      for (const item of raised) lastWarnId.current = Math.max(lastWarnId.current ?? 0, item.warnId ?? 0);
      // the cloud platform channel (alarm settings) decides the pop-up: a user who turned it off sees none
      const me = actingUserId();
      announce(raised.filter((item) => me === null || !item.quietFor?.includes(me)));
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
    getAlarmsAfter(after, { quiet: true })
      .then((missed) => {
        for (const alarm of missed) lastWarnId.current = Math.max(lastWarnId.current ?? 0, alarm.warnId);
        announce(missed.filter((alarm) => alarm.state === 'unresolved').toReversed());
      })
      .catch(() => undefined);
  });

  return null;
}
