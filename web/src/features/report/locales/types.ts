import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's report texts must have: exactly the keys of en.ts. */
export type ReportMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The report texts, under `report` (`t('report.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    report: ReportMessages;
  }
}
