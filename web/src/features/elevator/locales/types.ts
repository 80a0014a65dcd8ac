import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's elevator texts must have: exactly the keys of en.ts. */
export type ElevatorMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The elevator texts, under `elevator` (`t('elevator.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    elevator: ElevatorMessages;
  }
}
