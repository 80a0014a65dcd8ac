import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's texts of the wall display and the device map must have: exactly the keys of en.ts. */
export type ScreenMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The screen texts, under `screen` (`t('screen.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    screen: ScreenMessages;
  }
}
