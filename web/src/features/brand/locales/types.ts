import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's brand texts must have: exactly the keys of en.ts. */
export type BrandMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The brand page's texts, under `brand` (`t('brand.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    brand: BrandMessages;
  }
}
