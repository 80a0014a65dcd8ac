/**
 * An alarm in the reader's language: the robot's key (docs/robot-contract.md "alarm") names a text of the
 * api-spec 8.3 catalogue; a code without a key is looked up by code; anything else shows the
 * robot's own (English) text.
 */
import type { TFunction } from 'i18next';
import { ALARM_KEY_BY_CODE, type AlarmKey } from './alarm-catalogue';

export interface AlarmLike {
  key?: string | null;
  code?: string | null;
  content?: string | null;
}

export function alarmKey(alarm: AlarmLike, known: (key: string) => boolean): AlarmKey | null {
  if (alarm.key && known(alarm.key)) return alarm.key as AlarmKey;
  const byCode = alarm.code ? ALARM_KEY_BY_CODE[alarm.code.toLowerCase()] : undefined;
  return byCode ?? null;
}

export function alarmText(t: TFunction, alarm: AlarmLike, exists: (key: string) => boolean): string {
  const key = alarmKey(alarm, (k) => exists(`monitor.alarm.keys.${k}`));
  if (key) return t(`monitor.alarm.keys.${key}`);
  return alarm.content || alarm.code || alarm.key || '';
}

/** Level 3 coded fault, 2 robot message, 1 status banner (the server's levels). */
export function levelColor(level: number | undefined): string {
  if (level === 3) return 'red';
  if (level === 2) return 'orange';
  return 'blue';
}
