/**
 * An alarm in the reader's language: the robot's key (sim/README.md "alarm") names a text of the
 * api-spec 8.3 catalogue; a code without a key is looked up by code; anything else shows the
 * robot's own (English) text.
 */
import type { TFunction } from 'i18next';
import type { Messages } from '@/i18n/messages';

export type AlarmKey = keyof Messages['monitor']['alarm']['keys'];

export const ALARM_KEY_BY_CODE: Readonly<Record<string, AlarmKey>> = {
  '0x0610': 'lidar_dock_failed',
  '0x0612': 'lidar_dock_failed_low_power',
  '0x0614': 'lidar_dock_failed_hot',
  '0x0616': 'lidar_dock_failed_no_ranging',
  '0x0205': 'replan_failed',
  '0x0534': 'paused_costmap_invalid',
  '0x0535': 'paused_emergency_stop',
  '0x0536': 'paused_manual_mode',
  '0x0470': 'disinfectant_low_left',
  '0x0471': 'disinfectant_low_right',
  '0x0472': 'disinfectant_full_left',
  '0x0473': 'disinfectant_full_right',
};

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
