/**
 * Loads a language on demand: the console's texts, antd's locale and dayjs's locale, each its
 * own chunk, so the first load carries only the current language and the English fallback.
 */
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { i18n } from './instance';
import { FALLBACK_LANGUAGE, directionOf, type Language } from './languages';
import type { Messages } from './messages';

type Loader<T> = () => Promise<{ default: T }>;

const messageLoaders: Record<Language, Loader<Messages>> = {
  'zh-CN': () => import('./locales/zh-CN'),
  en: () => import('./locales/en'),
  fr: () => import('./locales/fr'),
  ko: () => import('./locales/ko'),
  de: () => import('./locales/de'),
  nl: () => import('./locales/nl'),
  ja: () => import('./locales/ja'),
  es: () => import('./locales/es'),
  ar: () => import('./locales/ar'),
};

const antdLoaders: Record<Language, Loader<Locale>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  fr: () => import('antd/es/locale/fr_FR'),
  ko: () => import('antd/es/locale/ko_KR'),
  de: () => import('antd/es/locale/de_DE'),
  nl: () => import('antd/es/locale/nl_NL'),
  ja: () => import('antd/es/locale/ja_JP'),
  es: () => import('antd/es/locale/es_ES'),
  ar: () => import('antd/es/locale/ar_EG'),
};

const dayjsLoaders: Record<Language, [string, () => Promise<unknown>]> = {
  'zh-CN': ['zh-cn', () => import('dayjs/locale/zh-cn')],
  en: ['en', () => Promise.resolve()],
  fr: ['fr', () => import('dayjs/locale/fr')],
  ko: ['ko', () => import('dayjs/locale/ko')],
  de: ['de', () => import('dayjs/locale/de')],
  nl: ['nl', () => import('dayjs/locale/nl')],
  ja: ['ja', () => import('dayjs/locale/ja')],
  es: ['es', () => import('dayjs/locale/es')],
  ar: ['ar', () => import('dayjs/locale/ar')],
};

export function loadMessages(language: Language): Promise<Messages> {
  return messageLoaders[language]().then((m) => m.default);
}

async function ensureMessages(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadMessages(language), true, true);
}

export interface LoadedLanguage {
  language: Language;
  antdLocale: Locale;
  direction: 'ltr' | 'rtl';
}

/** Loads everything a language needs (its texts, the fallback's, antd's and dayjs's locales). */
export async function prepareLanguage(language: Language): Promise<LoadedLanguage> {
  const [, loadDayjs] = dayjsLoaders[language];
  const [antdLocale] = await Promise.all([
    antdLoaders[language]().then((m) => m.default),
    ensureMessages(language),
    ensureMessages(FALLBACK_LANGUAGE),
    loadDayjs(),
  ]);
  return { language, antdLocale, direction: directionOf(language) };
}

/** Makes a prepared language the current one: texts, dates, and the page's lang and dir. */
export function showLanguage({ language, direction }: LoadedLanguage): void {
  dayjs.locale(dayjsLoaders[language][0]);
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
}
