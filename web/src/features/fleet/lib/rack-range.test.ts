import { describe, expect, it } from 'vitest';
import { parseRackRange, rackCount, rackNumber } from './rack-range';

describe('parseRackRange', () => {
  it('reads a prefix plus equal-width digits, first below last', () => {
    const result = parseRackRange(' SC0001-SC0030 ');
    expect(result).toEqual({ ok: true, range: { prefix: 'SC', first: 1, last: 30, width: 4 } });
    if (!result.ok) throw new Error('expected a range');
    expect(rackCount(result.range)).toBe(30);
    expect(rackNumber(result.range, 7)).toBe('SC0007');
  });

  it('accepts digits without a prefix, like the server', () => {
    expect(parseRackRange('001-120')).toMatchObject({ ok: true, range: { prefix: '', first: 1, last: 120, width: 3 } });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['SC0001', 'twoEnds'],
    ['SC0001-SC0010-SC0020', 'twoEnds'],
    ['SC0001~SC0030', 'twoEnds'],
    ['SC-0001-SC0030', 'twoEnds'],
    ['SC0001-', 'endFormat'],
    ['S C0001-SC0030', 'endFormat'],
    ['SC00A1-SC0030', 'endFormat'],
    ['0001SC-0030SC', 'endFormat'],
    ['SC0001-SD0030', 'samePrefix'],
    ['SC001-SC0030', 'sameWidth'],
    ['SC0030-SC0001', 'ascending'],
    ['SC0005-SC0005', 'ascending'],
  ])('%j is refused: %s', (text, error) => {
    expect(parseRackRange(text)).toEqual({ ok: false, error });
  });
});
