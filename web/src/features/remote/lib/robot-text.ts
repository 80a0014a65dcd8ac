/** Robot answers in the user's language: refusal codes, activities, banners and alarms. */
import type { TFunction } from 'i18next';
import type { RobotRefusal } from '@/api/relay';
import { alarmText } from '@/lib/alarm-text';
import { knownActivity, knownRobotCode, type Banner, type RobotError } from './robot-state';

/**
 * A robot's refusal: the reboot and a call the robot does not serve by the screen's own sentences, any
 * other as the server explains it (`text`, from its one catalogue of robot refusals); the robot's code
 * with its words only when the server sent no explanation.
 */
export function robotRefusalText(t: TFunction, refusal: Pick<RobotRefusal, 'code' | 'message' | 'status' | 'text'>): string {
  if (refusal.status === 503) return t('remote.robotCodes.rebooting');
  if (refusal.status === 404 || refusal.status === 405) return t('remote.robotCodes.notServed');
  if (refusal.text) return refusal.text;
  const code = knownRobotCode(refusal.code);
  if (code === null) return t('remote.robotCodes.other', { code: refusal.code, msg: refusal.message });
  return t(`remote.robotCodes.c${code}`, { msg: refusal.message });
}

export function activityText(t: TFunction, state: unknown): string {
  const known = knownActivity(state);
  return known ? t(`remote.states.${known}`) : typeof state === 'string' && state ? state : t('remote.unknown');
}

/**
 * Banners, faults and messages use the console's one alarm catalogue (api-spec.md 8.3, the texts
 * the live alarm screens show); `exists` tells whether a text key is known (i18n.exists).
 */
export function bannerText(t: TFunction, banner: Banner, exists: (key: string) => boolean): string {
  return alarmText(t, { key: banner }, exists);
}

export function robotErrorText(t: TFunction, error: RobotError, exists: (key: string) => boolean): string {
  return alarmText(t, { key: error.key, code: error.code, content: error.text }, exists);
}
