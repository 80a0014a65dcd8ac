import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's map texts must have: exactly the keys of en.ts. */
export type MapMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The map texts, under `map` (`t('map.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    map: MapMessages;
  }
}
