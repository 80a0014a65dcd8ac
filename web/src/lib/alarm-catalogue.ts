/**
 * The robots' alarm catalogue (names, api-spec 8.3 codes, kinds, texts in the nine languages). Its one source is
 * the server's backend/cleanfleet/core/alarm_catalogue.json; ../api/alarm-catalogue.json is the copy `make lint`
 * writes and a server test compares, so nothing here is written by hand.
 */
import catalogue from '@/api/alarm-catalogue.json';

type Alarms = typeof catalogue.alarms;
export type AlarmKey = keyof Alarms;
export type AlarmLanguage = keyof Alarms[AlarmKey]['texts'];

const ALARMS: Alarms = catalogue.alarms;

/** Every alarm name, in catalogue order. */
export const ALARM_KEYS = Object.keys(ALARMS) as AlarmKey[];

/** The coded faults' names by code ("0x0610"). */
export const ALARM_KEY_BY_CODE: Readonly<Record<string, AlarmKey>> = Object.fromEntries(
  ALARM_KEYS.filter((key) => ALARMS[key].code).map((key) => [ALARMS[key].code.toLowerCase(), key]),
);

/** Every alarm's text in one language (a locale file's monitor.alarm.keys). */
export function alarmNames(language: AlarmLanguage): Record<AlarmKey, string> {
  return Object.fromEntries(ALARM_KEYS.map((key) => [key, ALARMS[key].texts[language]])) as Record<AlarmKey, string>;
}
