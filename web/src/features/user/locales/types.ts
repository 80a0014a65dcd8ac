import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** Every language file of the feature has exactly the keys of en.ts. */
export type UserMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The user texts, under `user` (`t('user.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    user: UserMessages;
  }
}
