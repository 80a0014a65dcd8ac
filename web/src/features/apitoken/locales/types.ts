import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's API token texts must have: exactly the keys of en.ts. */
export type ApiTokenMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The API token page's texts, under `apitoken` (`t('apitoken.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    apitoken: ApiTokenMessages;
  }
}
