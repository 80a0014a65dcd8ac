import { describe, expect, it } from 'vitest';
import { ageText } from './age';

const NOW = Date.parse('2026-11-30T12:00:00Z');

describe('ageText', () => {
  it('says minutes, hours and days in the reader’s language', () => {
    expect(ageText(NOW - 20_000, NOW, 'en', 'just now')).toBe('just now');
    expect(ageText(NOW - 12 * 60_000, NOW, 'en', 'just now')).toBe('12 minutes ago');
    expect(ageText(NOW - 60_000, NOW, 'en', 'just now')).toBe('1 minute ago');
    expect(ageText(NOW - 3 * 3_600_000, NOW, 'en', 'just now')).toBe('3 hours ago');
    expect(ageText(NOW - 2 * 86_400_000, NOW, 'en', 'just now')).toBe('2 days ago');
    expect(ageText(NOW - 12 * 60_000, NOW, 'de', 'gerade eben')).toBe('vor 12 Minuten');
  });

  it('never says a moment in the future', () => {
    expect(ageText(NOW + 90_000, NOW, 'en', 'just now')).toBe('just now');
  });
});
