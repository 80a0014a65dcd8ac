import { describe, expect, it } from 'vitest';
import { formatBytes, formatTime } from './format';

const pad = (n: number) => String(n).padStart(2, '0');

describe('formatBytes', () => {
  it('reads as people write sizes, in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });
});

describe('formatTime', () => {
  it('shows a time to the second in the reader\'s zone, and a dash (or what the caller asks) for none', () => {
    const iso = '2026-11-23T02:45:23Z';
    const local = new Date(iso);
    expect(formatTime(iso)).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:23`,
    );
    expect(formatTime(null)).toBe('—');
    expect(formatTime('not a time')).toBe('—');
    expect(formatTime(undefined, '')).toBe('');
  });
});
