import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's robot data texts must have: exactly the keys of en.ts. */
export type RobotDataMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The robotdata texts, under `robotdata` (`t('robotdata.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    robotdata: RobotDataMessages;
  }
}
