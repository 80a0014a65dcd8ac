/**
 * Counts in the form messages follow each language's CLDR plural rules (i18next's plural keys, the
 * categories from Intl.PluralRules: issue 48 item 8): "At least 1 character", not "1 characters";
 * Arabic's six forms, one form in Japanese and Chinese.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../languages';
import { loadFormMessages } from './index';

async function translator(language: Language): Promise<I18n> {
  const instance = createInstance();
  await instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: { form: loadFormMessages(language) } } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe('form messages with a count', () => {
  it('agree with the number in English', async () => {
    const { t } = await translator('en');
    expect(t('form.tooShort', { count: 1 })).toBe('At least 1 character.');
    expect(t('form.tooShort', { count: 8 })).toBe('At least 8 characters.');
    expect(t('form.tooLong', { count: 1 })).toBe('At most 1 character.');
    expect(t('form.tooLong', { count: 64 })).toBe('At most 64 characters.');
  });

  it('use the six Arabic forms', async () => {
    const { t } = await translator('ar');
    const shown = [0, 1, 2, 3, 11, 100].map((count) => t('form.tooShort', { count }));
    expect(shown).toEqual([
      'لا حد أدنى للأحرف.',
      'حرف واحد على الأقل.',
      'حرفان على الأقل.',
      '3 أحرف على الأقل.',
      '11 حرفًا على الأقل.',
      '100 حرف على الأقل.',
    ]);
    expect(new Set(shown).size).toBe(6);
  });

  it('use the one form of Japanese and Chinese, and French and Spanish singulars', async () => {
    const ja = await translator('ja');
    expect(ja.t('form.tooLong', { count: 1 })).toBe('1 文字以内で入力してください。');
    expect(ja.t('form.tooLong', { count: 20 })).toBe('20 文字以内で入力してください。');
    expect((await translator('zh-CN')).t('form.tooShort', { count: 1 })).toBe('至少 1 个字符。');
    const fr = await translator('fr');
    expect([0, 1, 2].map((count) => fr.t('form.tooLong', { count }))).toEqual([
      '0 caractère au maximum.',
      '1 caractère au maximum.',
      '2 caractères au maximum.',
    ]);
    expect((await translator('es')).t('form.tooShort', { count: 1 })).toBe('Como mínimo 1 carácter.');
    expect((await translator('de')).t('form.tooShort', { count: 1 })).toBe('Mindestens 1 Zeichen.');
  });

  it.each(LANGUAGES)('%s has every plural form its language has, and no other', async (language) => {
    const messages = loadFormMessages(language) as Record<string, string>;
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const base of ['tooLong', 'tooShort']) {
      const written = Object.keys(messages).filter((key) => key.startsWith(`${base}_`)).map((key) => key.slice(base.length + 1));
      expect(written.toSorted()).toEqual(forms.toSorted());
    }
  });
});
