import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's fleet texts must have: exactly the keys of en.ts. */
export type FleetMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The fleet texts, under `fleet` (`t('fleet.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    fleet: FleetMessages;
  }
}
