import { describe, expect, it } from 'vitest';
import { DURATION_FORMAT, formatDuration, parseDuration, parsePercent, toExportCell } from './export-cells';

describe('export cells', () => {
  it('turns hh:mm:ss texts into durations (a fraction of a day, [h]:mm:ss)', () => {
    expect(toExportCell('01:30:00')).toEqual({ value: 1.5 / 24, numFmt: DURATION_FORMAT });
    expect(toExportCell('00:00:01')).toEqual({ value: 1 / 86_400, numFmt: '[h]:mm:ss' });
    // Past a day the hours keep counting: [h] shows 49, not 1.
    expect(toExportCell('49:00:00').value).toBeCloseTo(49 / 24, 12);
    expect(toExportCell(' 12:05:09 ').numFmt).toBe(DURATION_FORMAT);
  });

  it('leaves texts that only look like times alone', () => {
    expect(parseDuration('12:60:00')).toBeNull();
    expect(parseDuration('1:2:3')).toBeNull();
    expect(toExportCell('2026-11-21 10:00:00')).toEqual({ value: '2026-11-21 10:00:00' });
    expect(toExportCell('10:00')).toEqual({ value: '10:00' });
  });

  it('turns percentage texts into percentages (value/100, 0% or 0.0%)', () => {
    expect(toExportCell('80%')).toEqual({ value: 0.8, numFmt: '0%' });
    expect(toExportCell('45.5%')).toEqual({ value: 0.455, numFmt: '0.0%' });
    expect(toExportCell('100 %')).toEqual({ value: 1, numFmt: '0%' });
    expect(toExportCell('0%')).toEqual({ value: 0, numFmt: '0%' });
    expect(parsePercent('12.25%')).toEqual({ value: 0.1225, numFmt: '0.00%' });
    expect(parsePercent('-5%')).toEqual({ value: -0.05, numFmt: '0%' });
  });

  it('keeps other texts, numbers and empty cells', () => {
    expect(toExportCell('SC0001')).toEqual({ value: 'SC0001' });
    expect(toExportCell('80 percent')).toEqual({ value: '80 percent' });
    expect(toExportCell('%')).toEqual({ value: '%' });
    expect(toExportCell(42)).toEqual({ value: 42 });
    expect(toExportCell('')).toEqual({ value: null });
    expect(toExportCell(null)).toEqual({ value: null });
    expect(toExportCell(undefined)).toEqual({ value: null });
  });

  it('writes seconds as hh:mm:ss and reads them back', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3_725)).toBe('01:02:05');
    expect(formatDuration(90_000)).toBe('25:00:00');
    expect(parseDuration(formatDuration(90_000))).toBeCloseTo(90_000 / 86_400, 12);
  });
});
