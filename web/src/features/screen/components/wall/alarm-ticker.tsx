import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmText } from '@/lib/alarm-text';
import type { ScreenAlarm } from '../../api/summary';
import { formatMoment } from '../../lib/format';
import { useNow } from '@/lib/use-now';

const LEVEL_COLORS: Readonly<Record<number, string>> = { 3: '#f03e3e', 2: '#ff922b', 1: '#fcc419' };
/** Seconds each alarm stays in view while the list scrolls. */
const SECONDS_PER_ROW = 3;

function AlarmRows({ alarms, language, now, hidden = false }: { alarms: readonly ScreenAlarm[]; language: string; now: Date; hidden?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="cf-wall-alarms__list" aria-hidden={hidden || undefined}>
      {alarms.map((alarm) => {
        const text = alarmText(t, alarm, (key) => i18n.exists(key));
        return (
          <li key={alarm.warnId} className={`cf-wall-alarm${alarm.cleared ? ' cf-wall-alarm--cleared' : ''}`} data-testid={hidden ? undefined : 'wall-alarm'}>
            <span className="cf-dot" style={{ background: LEVEL_COLORS[alarm.level] ?? LEVEL_COLORS[2] }} aria-hidden="true" />
            <time className="cf-wall-alarm__time" dateTime={alarm.time}>
              {formatMoment(alarm.time, now, language)}
            </time>
            {/* dir auto: a Latin name in the Arabic wall keeps its start and ends in "…" on its own side */}
            <span className="cf-wall-alarm__device" dir="auto" title={alarm.deviceSerialNumber}>
              {alarm.deviceCode || alarm.deviceSerialNumber}
            </span>
            <span className="cf-wall-alarm__content" title={text}>
              {alarm.code && <span className="cf-wall-alarm__code">{alarm.code}</span>}
              {/* the console's catalogue text in the reader's language, else the robot's own (English) */}
              <bdi>{text}</bdi>
            </span>
            <span className="cf-wall-alarm__tag">
              {alarm.type === 'reminder'
                ? t('screen.wall.alarms.reminder')
                : alarm.state === 'resolved'
                  ? t('screen.wall.alarms.resolved')
                  : alarm.cleared
                    ? t('screen.wall.alarms.cleared')
                    : ''}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The latest alarms, newest first. When they do not fit, the list scrolls up on its own (a second copy
 * follows the first so it loops without a jump); hovering stops it, and so does a reduced-motion setting.
 */
export function AlarmTicker({ alarms, language }: { alarms: readonly ScreenAlarm[]; language: string }) {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const now = new Date(useNow(30_000));

  useLayoutEffect(() => {
    const box = viewport.current;
    const inner = content.current;
    if (!box || !inner || alarms.length === 0) return;
    const measure = () => {
      const single = overflows ? inner.scrollHeight / 2 : inner.scrollHeight;
      setOverflows(single > box.clientHeight + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [alarms, overflows]);

  if (alarms.length === 0) return <p className="cf-wall-empty">{t('screen.wall.alarms.empty')}</p>;
  return (
    <div className="cf-wall-alarms" ref={viewport} data-testid="wall-alarms">
      <div
        ref={content}
        className={overflows ? 'cf-wall-alarms__track cf-wall-alarms__track--scrolling' : 'cf-wall-alarms__track'}
        style={overflows ? { animationDuration: `${alarms.length * SECONDS_PER_ROW}s` } : undefined}
      >
        <AlarmRows alarms={alarms} language={language} now={now} />
        {overflows && <AlarmRows alarms={alarms} language={language} now={now} hidden />}
      </div>
    </div>
  );
}
