/** Robot answers in the user's language: refusal codes, activities, banners and alarms. */
import type { TFunction } from 'i18next';
import type { RobotRefusal } from '@/api/relay';
import { knownActivity, knownRobotCode, type AlarmKey, type Banner } from './robot-state';

export function robotRefusalText(t: TFunction, refusal: Pick<RobotRefusal, 'code' | 'message' | 'status'>): string {
  if (refusal.status === 503) return t('remote.robotCodes.rebooting');
  if (refusal.status === 404 || refusal.status === 405) return t('remote.robotCodes.notServed');
  const code = knownRobotCode(refusal.code);
  if (code === null) return t('remote.robotCodes.other', { code: refusal.code, msg: refusal.message });
  return t(`remote.robotCodes.c${code}`, { msg: refusal.message });
}

export function activityText(t: TFunction, state: unknown): string {
  const known = knownActivity(state);
  return known ? t(`remote.states.${known}`) : typeof state === 'string' && state ? state : t('remote.unknown');
}

export function bannerText(t: TFunction, banner: Banner): string {
  return t(`remote.banners.${banner}`);
}

export function alarmText(t: TFunction, key: AlarmKey | null, fallback: string): string {
  return key ? t(`remote.alarms.${key}`) : fallback;
}
