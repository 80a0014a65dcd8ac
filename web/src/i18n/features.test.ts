/**
 * Each feature declares its own texts (src/i18n/features.ts): its locales/types.ts adds its member
 * to `FeatureMessages`, under the folder's name, which is the name the glob loads its files by.
 * Without it `t('<feature>.…')` is untyped and `withTexts(…, '<feature>')` does not compile.
 */
import { describe, expect, it } from 'vitest';
import { loadFeatureMessages, loadFeatureNames } from './features';

const TYPES: Record<string, string> = import.meta.glob('/src/features/*/locales/types.ts', { query: '?raw', import: 'default', eager: true });

describe('feature texts', () => {
  it('are found for every feature with locale files, and the form messages', async () => {
    const names = await loadFeatureNames();
    expect(names).toEqual(expect.arrayContaining(['device', 'fleet', 'monitor', 'form']));
    expect(names.filter((name) => name !== 'form').toSorted()).toEqual(
      Object.keys(TYPES).map((path) => path.split('/')[3]).toSorted(),
    );
    expect((await loadFeatureMessages('device', 'de')).list.loading).not.toBe((await loadFeatureMessages('device', 'en')).list.loading);
  });

  it.each(Object.entries(TYPES))('%s declares its texts under its folder name', (path, text) => {
    const name = path.split('/')[3]!;
    expect(text).toContain("declare module '@/i18n/features'");
    expect(text).toMatch(new RegExp(`interface FeatureMessages \\{\\s*${name}: \\w+;`));
  });
});
