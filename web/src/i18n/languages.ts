/** The console's languages (product-spec.md 1 and api-spec.md 9). */
export const LANGUAGES = ['zh-CN', 'en', 'fr', 'ko', 'de', 'nl', 'ja', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const FALLBACK_LANGUAGE: Language = 'en';
/** Name of the cookie that keeps the choice; its value is one of LANGUAGES. */
export const LANGUAGE_COOKIE = 'language';

const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** One locale file per language, each loaded on demand (its own chunk). */
export type LocaleLoaders<T> = Record<Language, () => Promise<{ default: T }>>;
