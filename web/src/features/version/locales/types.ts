import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's firmware texts must have: exactly the keys of en.ts. */
export type VersionMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The version texts, under `version` (`t('version.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    version: VersionMessages;
  }
}
