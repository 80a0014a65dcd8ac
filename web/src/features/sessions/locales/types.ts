import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's sessions texts must have: exactly the keys of en.ts. */
export type SessionsMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The sessions and tokens page's texts, under `sessions` (`t('sessions.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    sessions: SessionsMessages;
  }
}
