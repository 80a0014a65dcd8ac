import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's wear forecast texts must have: exactly the keys of en.ts. */
export type WearMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The wear forecast's texts, under `wear` (`t('wear.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    wear: WearMessages;
  }
}
