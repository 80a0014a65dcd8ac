/** The remote feature's texts, one chunk per language, loaded with its pages (see src/i18n/features.ts). */
import type { LocaleLoaders } from '@/i18n/languages';
import type { RemoteMessages } from './types';

const locales: LocaleLoaders<RemoteMessages> = {
  'zh-CN': () => import('./zh-CN'),
  en: () => import('./en'),
  fr: () => import('./fr'),
  ko: () => import('./ko'),
  de: () => import('./de'),
  nl: () => import('./nl'),
  ja: () => import('./ja'),
  es: () => import('./es'),
  ar: () => import('./ar'),
};

export default locales;
