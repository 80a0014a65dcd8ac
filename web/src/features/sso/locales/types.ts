import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's identity provider texts must have: exactly the keys of en.ts. */
export type SsoMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The identity providers page's texts, under `sso` (`t('sso.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    sso: SsoMessages;
  }
}
