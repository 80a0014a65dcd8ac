/**
 * The console's wording, as a reader checks it (issue 30 item 6): counts agree with their number in
 * every language, German menu items and headings break only where a hyphen can go, and each
 * language names the fleet's things with the words of docs/glossary.md.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from './languages';
import { loadMessages } from './load';
import { textsOf } from '@/test/i18n';

const SOFT_HYPHEN = '\u00AD';

async function translator(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: {
      [language]: { translation: await loadMessages(language) },
      en: { translation: await loadMessages('en') },
    },
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe('counts', () => {
  it('agree with the number in English ("Sent to 1 robot", not "1 robots")', async () => {
    const { t } = await translator('en');
    expect(t('version.published', { count: 1 })).toBe('Sent to 1 robot.');
    expect(t('version.published', { count: 12 })).toBe('Sent to 12 robots.');
    expect(t('warn.total', { count: 1 })).toBe('1 alarm');
    expect(t('user.groups.assigned', { count: 1 })).toBe('Role group given to 1 user.');
  });

  it('use each language’s own plural forms', async () => {
    const de = await translator('de');
    expect(de.t('version.published', { count: 1 })).toBe('An 1 Roboter gesendet.');
    expect(de.t('monitor.alarm.group', { count: 1 })).toBe('1 neuer Alarm');
    const fr = await translator('fr');
    // French says the singular for 0 and 1
    expect(fr.t('warn.total', { count: 0 })).toBe('0 alarme');
    expect(fr.t('warn.total', { count: 2 })).toBe('2 alarmes');
    const ar = await translator('ar');
    expect(ar.t('version.published', { count: 1 })).toBe('أُرسل إلى روبوت واحد.');
    expect(ar.t('version.published', { count: 2 })).toBe('أُرسل إلى روبوتين.');
    expect(ar.t('version.published', { count: 5 })).toBe('أُرسل إلى 5 روبوتات.');
    expect(ar.t('version.published', { count: 11 })).toBe('أُرسل إلى 11 روبوتًا.');
    expect(ar.t('version.published', { count: 100 })).toBe('أُرسل إلى 100 روبوت.');
    const ja = await translator('ja');
    expect(ja.t('version.published', { count: 1 })).toBe('1 台のロボットに送信しました。');
  });
});

describe('German menu items and headings', async () => {
  const de = await textsOf('de');
  /** The longest run of letters that may not be broken: German compounds are cut by soft hyphens. */
  const MAX_UNBREAKABLE = 12;
  const unbreakable = (text: string) =>
    text
      .split(/[\s\-/\u00AD]+/)
      .map((piece) => piece.replace(/[^\p{L}]/gu, ''))
      .filter((piece) => piece.length > MAX_UNBREAKABLE);

  it('never wrap inside a word without a hyphen: every long compound has a soft hyphen', () => {
    const menu = [...de].filter(([key]) => key.startsWith('routes.') || key.startsWith('menuGroups.'));
    expect(menu.length).toBeGreaterThan(40);
    expect(menu.filter(([, text]) => unbreakable(text).length > 0)).toEqual([]);
    expect(de.get('menuGroups.user')).toBe(`Benutzer${SOFT_HYPHEN}verwaltung`);
  });

  it('nor do column titles, labels and other short headings (up to three words)', () => {
    const headings = [...de].filter(([, text]) => text.split(/\s+/).length <= 3);
    expect(headings.flatMap(([key, text]) => unbreakable(text).map((piece) => `${key}: ${piece}`))).toEqual([]);
  });

  it('break only at compound or syllable boundaries, never leaving a stub of one or two letters', () => {
    const stubs = [...de].flatMap(([key, text]) =>
      text
        .split(/\s+/)
        .filter((word) => word.includes(SOFT_HYPHEN))
        .filter((word) => word.split(SOFT_HYPHEN).some((part) => part.replace(/[^\p{L}]/gu, '').length < 3))
        .map((word) => `${key}: ${word}`),
    );
    expect(stubs).toEqual([]);
  });
});

/**
 * docs/glossary.md, the words each language must not use for a term it names otherwise (the first
 * entry of each pair is the glossary's word, the second what crept in before).
 */
const AVOID: Record<Language, [string, RegExp][]> = {
  en: [['alarm', /\b(alert|warnings?)\b(?! (sound|pop-up))/i]],
  de: [
    ['Aufgabe', /Auftrag/],
    ['Alarm', /Warnung/],
  ],
  fr: [['alarme', /avertissement/i]],
  es: [['alarma', /\balerta/i]],
  nl: [['alarm', /waarschuwing/i]],
  'zh-CN': [['告警', /报警|预警/]],
  ja: [
    ['アラーム', /警報|アラート/],
    ['デバイス', /機器/],
  ],
  ko: [['알람', /경보/]],
  ar: [['إنذار', /تنبيه/]],
};

describe('glossary (docs/glossary.md)', async () => {
  const all = await Promise.all(LANGUAGES.map(async (lng) => [lng, await textsOf(lng)] as const));

  it.each(all)('%s uses its glossary’s word for each term', (lng, messages) => {
    const misses = AVOID[lng].flatMap(([word, avoid]) =>
      [...messages].filter(([, text]) => avoid.test(text)).map(([key, text]) => `${key}: "${text}" (say "${word}")`),
    );
    expect(misses).toEqual([]);
  });

  it.each(all)('%s names the menu groups the same in the menu and in the permission tree', (_lng, messages) => {
    for (const group of ['device', 'user', 'warn', 'version', 'file', 'integration']) {
      expect(messages.get(`user.permissions.groups.${group}`), group).toBe(messages.get(`menuGroups.${group}`));
    }
  });

  it.each(all)('%s has one form message per rule, each a sentence of its own (issue 48 item 8)', (_lng, messages) => {
    // never "Enter " + a label: the label stands above the field, the message is a whole sentence
    expect(messages.get('form.enter')).not.toMatch(/\{\{/);
    expect(messages.get('form.choose')).not.toMatch(/\{\{/);
    expect(messages.get('form.enter')).not.toBe(messages.get('form.choose'));
    // every form message ends with its language's full stop
    const unstopped = [...messages].filter(([key, text]) => key.startsWith('form.') && !/[.。]$/.test(text));
    expect(unstopped).toEqual([]);
    // the e-mail error never repeats the input
    expect(messages.get('form.email')).not.toMatch(/\{\{/);
  });
});
