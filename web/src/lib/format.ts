import dayjs from 'dayjs';

/** Bytes as people read them, in binary units: 512 B, 1.5 KB, 12.0 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A server time (ISO) in the reader's zone, to the second (YYYY-MM-DD HH:mm:ss, as every list shows times); `empty` for none. */
export function formatTime(iso: string | null | undefined, empty = '—'): string {
  if (!iso) return empty;
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : empty;
}
