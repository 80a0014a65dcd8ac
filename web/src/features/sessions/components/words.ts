import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { SessionRow } from '../api/sessions';

export const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** "Chrome 131 · Windows 10 · iPhone" (names, the same in every language), or "Unknown browser". */
export function browserWords(t: TFunction, row: Pick<SessionRow, 'browser' | 'system' | 'device'>): string {
  const parts = [row.browser || t('sessions.unknownBrowser'), row.system, row.device].filter(Boolean);
  return parts.join(' · ');
}
