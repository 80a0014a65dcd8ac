import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's remote control texts must have: exactly the keys of en.ts. */
export type RemoteMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The remote texts, under `remote` (`t('remote.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    remote: RemoteMessages;
  }
}
