import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { loadMessages } from './load';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).toSorted();

/** Keys whose text is the same in every language: the product name and the languages' own names. */
const SAME_EVERYWHERE = /^(app\.name|languages\.|notFound\.title|forbidden\.title)/;

describe('locale files', async () => {
  const english = flatten((await loadMessages('en')) as unknown as Tree);
  const all = await Promise.all(LANGUAGES.map(async (lng) => [lng, flatten((await loadMessages(lng)) as unknown as Tree)] as const));

  it.each(all)('%s has every key of en.ts and no other', (_lng, messages) => {
    expect([...messages.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !messages.has(k))).toEqual([]);
  });

  it.each(all)('%s has no empty text and keeps every {{placeholder}}', (_lng, messages) => {
    for (const [key, text] of messages) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  it.each(all.filter(([lng]) => lng !== 'en'))('%s is translated, not a copy of English', (_lng, messages) => {
    const copied = [...messages].filter(([key, text]) => !SAME_EVERYWHERE.test(key) && text === english.get(key));
    // A few texts may be the same (a status code, a shared word); most must not be.
    expect(copied.length, copied.map(([k]) => k).join(', ')).toBeLessThanOrEqual(8);
  });

  it('names every language in its own words, the same in every file', () => {
    for (const [, messages] of all) {
      for (const code of LANGUAGES) expect(messages.get(`languages.${code}`)).toBe(english.get(`languages.${code}`));
    }
  });
});
