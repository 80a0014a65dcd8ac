import { afterEach, describe, expect, it, vi } from 'vitest';
import { pastPart } from './heatmap-drawer';

describe('pastPart: the heat map from plan against actual ends at the site\'s today', () => {
  afterEach(() => vi.useRealTimers());

  it('cuts a week shown whole at today, on the site\'s clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    expect(pastPart({ start: '2026-11-23', end: '2026-11-29', timeZone: 'UTC' })).toEqual(['2026-11-23', '2026-11-26']);
    // 12:00 UTC is already the 27th in Kiritimati (UTC+14)
    expect(pastPart({ start: '2026-11-23', end: '2026-11-29', timeZone: 'Pacific/Kiritimati' })).toEqual(['2026-11-23', '2026-11-27']);
  });

  it('keeps a past period, and leaves a period wholly ahead to the default', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    expect(pastPart({ start: '2026-11-01', end: '2026-11-30', timeZone: 'UTC' })).toEqual(['2026-11-01', '2026-11-26']);
    expect(pastPart({ start: '2026-11-16', end: '2026-11-22', timeZone: 'UTC' })).toEqual(['2026-11-16', '2026-11-22']);
    expect(pastPart({ start: '2026-11-30', end: '2026-12-06', timeZone: 'UTC' })).toBeNull();
  });
});
