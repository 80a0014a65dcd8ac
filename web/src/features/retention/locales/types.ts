import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's data retention texts must have: exactly the keys of en.ts. */
export type RetentionMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The data retention page's texts, under `retention` (`t('retention.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    retention: RetentionMessages;
  }
}
