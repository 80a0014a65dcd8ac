import { describe, expect, it } from 'vitest';
import { areaText, coverageText, durationText, efficiencyText } from './units';

describe('report units (api-spec 9)', () => {
  it('shows m², and km² above 1,000,000 m²', () => {
    expect(areaText(1234.56)).toBe('1,234.6 m²');
    expect(areaText(1_000_000)).toBe('1,000,000.0 m²');
    expect(areaText(2_500_000)).toBe('2.50 km²');
  });
  it('reads coverage as value/1000 and efficiency as value/100', () => {
    expect(coverageText(985)).toBe('98.5%');
    expect(efficiencyText(40500)).toBe('405.00 m²/h');
  });
  it('shows durations as h:mm:ss', () => {
    expect(durationText(3725)).toBe('01:02:05');
  });
});
