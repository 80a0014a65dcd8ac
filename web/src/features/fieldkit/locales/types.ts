import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's field kit texts must have: exactly the keys of en.ts. */
export type FieldkitMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The field kit's texts, under `fieldkit` (`t('fieldkit.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    fieldkit: FieldkitMessages;
  }
}
