import dayjs from 'dayjs';

/** A server time (ISO) in the browser's zone, to the second; a dash for none. */
export const formatTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');
