import type { TFunction } from 'i18next';

/** The robots' alarm names the filters offer (the server's catalogue; texts in monitor.alarm.keys). */
export { ALARM_KEYS } from '@/lib/alarm-catalogue';

export const STATE_COLORS: Record<string, string> = { unresolved: 'red', resolved: 'green', unknown: 'default' };

/** An alarm name or a settings event in the reader's language. */
export function codeName(t: TFunction, code: string, exists: (key: string) => boolean): string {
  if (exists(`monitor.alarm.keys.${code}`)) return t(`monitor.alarm.keys.${code}` as 'monitor.alarm.keys.lidar');
  if (exists(`warn.settings.events.${code}`)) return t(`warn.settings.events.${code}` as 'warn.settings.events.task_ended');
  return code;
}
