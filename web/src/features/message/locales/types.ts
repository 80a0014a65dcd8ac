import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's the message centre texts must have: exactly the keys of en.ts. */
export type MessageCentreMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The message texts, under `message` (`t('message.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    message: MessageCentreMessages;
  }
}
