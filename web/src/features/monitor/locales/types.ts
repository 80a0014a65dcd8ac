import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's status monitoring and live alarm texts must have: exactly the keys of en.ts. */
export type MonitorMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The monitor texts, under `monitor` (`t('monitor.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    monitor: MonitorMessages;
  }
}
