import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's site texts must have: exactly the keys of en.ts. */
export type SiteMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The sites' texts, under `site` (`t('site.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    site: SiteMessages;
  }
}
