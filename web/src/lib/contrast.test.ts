import { describe, expect, it } from 'vitest';
import { DARK_INK, headerInk, headerRatio, LIGHT_INK, primaryRatio, ratio, shownRatio } from './contrast';

/** The console says the same ratios the server checks (backend/tests/branding/test_checks.py). */
describe('WCAG contrast of a brand colour', () => {
  it('matches the WCAG formula and the server', () => {
    expect(shownRatio(ratio('#ffffff', '#000000'))).toBe('21.00');
    expect(shownRatio(ratio('#777777', '#ffffff'))).toBe('4.47'); // the well-known grey just under AA (4.478…)
    expect(shownRatio(primaryRatio('#7fd3c6') as number)).toBe('1.74');
    expect(shownRatio(primaryRatio('#1d3557') as number)).toBe('12.35');
  });

  it('puts white or dark text on a header, whichever contrasts more', () => {
    expect(headerInk('#1d3557')).toBe(LIGHT_INK);
    expect(headerInk('#f1faee')).toBe(DARK_INK);
    expect(headerRatio('#7f7f7f')).toBeLessThan(4.5); // a mid grey suits neither
  });

  it('says nothing of a colour not written as #rrggbb yet', () => {
    expect(primaryRatio('#12345')).toBeNull();
    expect(headerRatio('teal')).toBeNull();
  });

  it('rounds down, so a ratio just under AA never reads as 4.50', () => {
    expect(shownRatio(4.4999)).toBe('4.49');
  });
});
