import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's "Two factors" texts must have: exactly the keys of en.ts. */
export type FactorMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The "Two factors" page's texts, under `factor` (`t('factor.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    factor: FactorMessages;
  }
}
