import { describe, expect, it } from 'vitest';
import { checkPort } from './ports';

describe('checkPort', () => {
  it.each([undefined, null, '', 20000, 25000, 30000, '20022'])('%j passes', (value) => {
    expect(checkPort(value)).toBeNull();
  });

  it.each([
    [19999, 'outOfRange'],
    [30001, 'outOfRange'],
    [0, 'outOfRange'],
    [-20000, 'outOfRange'],
    [20000.5, 'notNumber'],
    ['port', 'notNumber'],
    ['20 000', 'notNumber'],
  ])('%j is refused: %s', (value, error) => {
    expect(checkPort(value)).toBe(error);
  });
});
