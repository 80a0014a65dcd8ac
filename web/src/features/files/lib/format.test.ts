import { describe, expect, it } from 'vitest';
import { formatBytes, validFileName } from './format';

describe('file names and sizes', () => {
  it('accepts letters, digits, _, - and inner dots only', () => {
    expect(validFileName('手册-v1.pdf')).toBe(true);
    expect(validFileName('a_b.tar.gz')).toBe(true);
    for (const bad of ['a b.pdf', '.hidden', 'a..b', 'x/y', 'report.', 'a$b']) expect(validFileName(bad)).toBe(false);
  });

  it('reads sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
