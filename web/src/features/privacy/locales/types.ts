import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's privacy texts must have: exactly the keys of en.ts. */
export type PrivacyMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The privacy feature's texts (my data, export, erasure, job progress), under `privacy` (`t('privacy.…')`). */
  interface FeatureMessages {
    privacy: PrivacyMessages;
  }
}
