import { describe, expect, it } from 'vitest';
import { validFileName } from './format';

describe('file names', () => {
  it('accepts letters, digits, _, - and inner dots only', () => {
    expect(validFileName('手册-v1.pdf')).toBe(true);
    expect(validFileName('a_b.tar.gz')).toBe(true);
    for (const bad of ['a b.pdf', '.hidden', 'a..b', 'x/y', 'report.', 'a$b']) expect(validFileName(bad)).toBe(false);
  });
});
