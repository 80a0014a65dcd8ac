import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's device texts must have: exactly the keys of en.ts. */
export type DeviceMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The device texts, under `device` (`t('device.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    device: DeviceMessages;
  }
}
