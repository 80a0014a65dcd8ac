import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's advisory texts must have: exactly the keys of en.ts. */
export type AdvisoryMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The advisories page's texts, under `advisory` (`t('advisory.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    advisory: AdvisoryMessages;
  }
}
