import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's file, advertising and operation log texts must have: exactly the keys of en.ts. */
export type FilesMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The files texts, under `files` (`t('files.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    files: FilesMessages;
  }
}
