import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's texts of these screens must have: exactly the keys of en.ts. */
export type MachineVersionMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The machineversion texts, under `machineversion` (`t('machineversion.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    machineversion: MachineVersionMessages;
  }
}
