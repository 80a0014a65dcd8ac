/**
 * Loads texts on demand. A language brings the shell's texts (login, layout, menu, tabs, search,
 * errors), antd's locale and dayjs's locale, each its own chunk, so the first load carries only the
 * current language and the English fallback. A feature's texts (src/i18n/features.ts) come with its
 * pages: `withTexts(() => import(page), 'device')` loads them, in the current language and in
 * English, together with the page's chunk. Switching language loads every feature used so far in
 * the new language before the switch completes, so nothing shows untranslated even for a frame.
 * The sign-in page's first load (issue 52 item 11) carries only its language's shell texts: the English fallback's
 * come with the first page's texts (every language has every shell text: the type check and locales.test.ts),
 * and dayjs with its locale, beside the texts.
 */
import type { Locale } from 'antd/es/locale';
import { loadFeatureMessages, loadFeatureNames, type Feature } from './features';
import { i18n } from './instance';
import { FALLBACK_LANGUAGE, directionOf, isLanguage, type Language, type LocaleLoaders } from './languages';
import type { Messages, ShellMessages } from './messages';

const shellLoaders: LocaleLoaders<ShellMessages> = {
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

const antdLoaders: LocaleLoaders<Locale> = {
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
  en: ['en', () => import('dayjs')],
  fr: ['fr', () => import('dayjs/locale/fr')],
  ko: ['ko', () => import('dayjs/locale/ko')],
  de: ['de', () => import('dayjs/locale/de')],
  nl: ['nl', () => import('dayjs/locale/nl')],
  ja: ['ja', () => import('dayjs/locale/ja')],
  es: ['es', () => import('dayjs/locale/es')],
  ar: ['ar', () => import('dayjs/locale/ar')],
};

/** Every text of a language (the shell's and every feature's), for tests and tools. */
export async function loadMessages(language: Language): Promise<Messages> {
  const names = await loadFeatureNames();
  const [shell, ...features] = await Promise.all([
    shellLoaders[language]().then((m) => m.default),
    ...names.map(async (feature) => [feature, await loadFeatureMessages(feature, language)] as const),
  ]);
  return { ...shell, ...Object.fromEntries(features) } as Messages;
}

type Part = 'shell' | Feature;

/** What is in i18next or on its way, by `<language>/<part>`; a failed load is tried again next time. */
const bundles = new Map<string, Promise<void>>();

function ensure(language: Language, part: Part): Promise<void> {
  const id = `${language}/${part}`;
  let pending = bundles.get(id);
  if (!pending) {
    pending = (
      part === 'shell'
        ? shellLoaders[language]().then((m) => m.default)
        : loadFeatureMessages(part, language).then((messages) => ({ [part]: messages }))
    ).then(
      (messages) => {
        // Deep merge into the one namespace: `t('device.list.loading')` reads the feature's file.
        i18n.addResourceBundle(language, 'translation', messages, true, true);
      },
      (error: unknown) => {
        bundles.delete(id);
        throw error;
      },
    );
    bundles.set(id, pending);
  }
  return pending;
}

/** Features whose texts were asked for: a language switch loads them in the new language too. */
const usedFeatures = new Set<Feature>();
/** The language being prepared (a switch in progress), whose texts pages must bring as well. */
let preparing: Language | null = null;

function ensureAll(languages: Iterable<Language>, parts: Iterable<Part>): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const language of new Set(languages)) for (const part of new Set(parts)) waits.push(ensure(language, part));
  return Promise.all(waits).then(() => undefined);
}

/**
 * Loads the features' texts in the current language, in a language being switched to, and in
 * English (the fallback). Resolves once they are in i18next.
 */
export function loadFeatureTexts(features: readonly Feature[]): Promise<void> {
  // The form messages (src/i18n/form) come with every feature's texts: any page may show a form.
  const parts: Feature[] = [...features, 'form'];
  for (const feature of parts) usedFeatures.add(feature);
  const languages = [FALLBACK_LANGUAGE];
  if (isLanguage(i18n.language)) languages.push(i18n.language);
  if (preparing) languages.push(preparing);
  return Promise.all([ensureAll(languages, parts), ensure(FALLBACK_LANGUAGE, 'shell')]).then(() => undefined);
}

/**
 * Wraps a lazy import so that the features' texts arrive with the module: the promise resolves
 * once both are loaded, so a Suspense fallback covers the texts too.
 * `withTexts(() => import('@/features/device/device-list-page'), 'device')`.
 */
export function withTexts<T>(load: () => Promise<T>, ...features: Feature[]): () => Promise<T> {
  return async () => {
    const [module] = await Promise.all([load(), loadFeatureTexts(features)]);
    return module;
  };
}

export interface LoadedLanguage {
  language: Language;
  antdLocale: Locale;
  direction: 'ltr' | 'rtl';
  /** dayjs, its locale loaded (not in the entry: the sign-in page shows no date). */
  dayjs: typeof import('dayjs');
}

/**
 * Loads everything a language needs: the shell's texts and those of every feature used so far
 * (in the language and in the fallback, whose shell texts come with the first feature's), antd's and
 * dayjs's locales.
 */
export async function prepareLanguage(language: Language): Promise<LoadedLanguage> {
  preparing = language;
  const [, loadDayjs] = dayjsLoaders[language];
  try {
    const [antdLocale, dayjs] = await Promise.all([
      antdLoaders[language]().then((m) => m.default),
      import('dayjs').then((m) => m.default),
      ensureAll([language], ['shell', ...usedFeatures]),
      usedFeatures.size > 0 ? ensureAll([FALLBACK_LANGUAGE], ['shell', ...usedFeatures]) : undefined,
      loadDayjs(),
    ]);
    return { language, antdLocale, direction: directionOf(language), dayjs };
  } catch (error) {
    if (preparing === language) preparing = null;
    throw error;
  }
}

/**
 * The start's first part: the language's shell texts only, what the sign-in page draws with (issue 52 item 11);
 * antd's and dayjs's locales follow with `prepareLanguage`, after the first paint.
 */
export async function prepareShellTexts(language: Language): Promise<void> {
  await ensure(language, 'shell');
}

/** Makes a language whose shell texts have loaded the current one for texts: the texts, and the page's lang and dir. */
export function showTexts(language: Language): void {
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Makes a prepared language the current one: texts, dates, and the page's lang and dir. */
export function showLanguage({ language, dayjs }: LoadedLanguage): void {
  dayjs.locale(dayjsLoaders[language][0]);
  if (preparing === language) preparing = null;
  showTexts(language);
}
