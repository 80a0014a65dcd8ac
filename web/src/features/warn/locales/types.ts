import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's the alarm centre, summary and settings texts must have: exactly the keys of en.ts. */
export type WarnMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The warn texts, under `warn` (`t('warn.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    warn: WarnMessages;
  }
}
