import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's robot health texts must have: exactly the keys of en.ts. */
export type HealthMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** Robot health's texts, under `health` (`t('health.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    health: HealthMessages;
  }
}
