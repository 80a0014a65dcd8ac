import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's incident texts must have: exactly the keys of en.ts. */
export type IncidentMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The incidents' texts, under `incident` (`t('incident.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    incident: IncidentMessages;
  }
}
