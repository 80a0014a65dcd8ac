import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { textsOf } from '@/test/i18n';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).toSorted();

/** Keys whose text is the same in every language: the product name and the languages' own names. */
const SAME_EVERYWHERE = /^(app\.name|languages\.|notFound\.title|forbidden\.title)/;

/**
 * Words a language writes exactly as English does: its own term, not a missed translation (German
 * "Name" was once translated "Name des Kontos", account name, to pass the count, and so labelled
 * a role group's name "account name").
 */
const LOANWORDS: Partial<Record<string, RegExp>> = {
  de: /^(Name|Online|Offline|Alarm|Administrator|Firmware|Hosts)$/,
  nl: /^(1 alarm|Alarm|Robot|Firmware|Hosts)$/,
};

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** `x` of a plural key `x_one`, `x_other`…, else null. */
const pluralBase = (key: string) => (PLURAL_FORM.test(key) ? key.replace(PLURAL_FORM, '') : null);

/**
 * The keys a language must have: en.ts's, except that a count message (`x_one` / `x_other` in
 * en.ts) has exactly the forms of the language's own plural rules, as i18next asks for them.
 */
function expectedKeys(english: Map<string, string>, language: string): Set<string> {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const base = pluralBase(key);
    if (base === null || !english.has(`${base}_other`)) keys.add(key);
    else for (const form of forms) keys.add(`${base}_${form}`);
  }
  return keys;
}

/** Whether a text has words to translate: one of placeholders and punctuation only ("{{channel}}: {{alarm}}") has not. */
function words(text: string): boolean {
  return /\p{L}/u.test(text.replace(/\{\{\w+\}\}/g, ''));
}

describe('locale files', async () => {
  const english = await textsOf('en');
  const all = await Promise.all(LANGUAGES.map(async (lng) => [lng, await textsOf(lng)] as const));

  it.each(all)('%s has every key of en.ts and no other (a count message: its own plural forms)', (lng, messages) => {
    const expected = expectedKeys(english, lng);
    expect([...messages.keys()].filter((k) => !expected.has(k))).toEqual([]);
    expect([...expected].filter((k) => !messages.has(k))).toEqual([]);
  });

  it.each(all)('%s has no empty text and keeps every {{placeholder}}', (_lng, messages) => {
    for (const [key, text] of messages) {
      expect(text.trim(), key).not.toBe('');
      const base = pluralBase(key);
      const source = english.get(key) ?? (base === null ? '' : (english.get(`${base}_other`) ?? ''));
      // a plural's singular forms may write the number out ("1 robot", "one robot")
      const expected = placeholders(source).filter((name) => !(base !== null && !key.endsWith('_other') && name === 'count'));
      expect(placeholders(text).filter((name) => !(base !== null && !key.endsWith('_other') && name === 'count')), key).toEqual(expected);
    }
  });

  it('says every count as a plural: a number followed by a word is `x_one` / `x_other`', () => {
    // "{{count}} robots", "({{count}} left)": the word agrees with the number in most languages.
    // Units ("5 s ago") and "Label: {{count}}" read right for any number.
    const singular = [...english].filter(
      ([key, text]) => pluralBase(key) === null && /\{\{count\}\}\)? (?!(s|min|h|d) ago)\p{L}/u.test(text),
    );
    expect(singular.map(([key]) => key)).toEqual([]);
  });

  it.each(all.filter(([lng]) => lng !== 'en'))('%s is translated, not a copy of English', (lng, messages) => {
    const loanword = LOANWORDS[lng];
    const copied = [...messages].filter(
      ([key, text]) => !SAME_EVERYWHERE.test(key) && text === english.get(key) && words(text) && !loanword?.test(text),
    );
    // A few texts may be the same (a status code, a shared word); most must not be.
    expect(copied.length, copied.map(([k]) => k).join(', ')).toBeLessThanOrEqual(8);
  });

  it('names every language in its own words, the same in every file', () => {
    for (const [, messages] of all) {
      for (const code of LANGUAGES) expect(messages.get(`languages.${code}`)).toBe(english.get(`languages.${code}`));
    }
  });
});
