import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** Every language file of the feature has exactly the keys of en.ts. */
export type PushMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The push notification texts, under `push` (`t('push.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    push: PushMessages;
  }
}
