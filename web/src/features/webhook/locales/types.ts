import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's webhook texts must have: exactly the keys of en.ts. */
export type WebhookMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The webhooks page's texts, under `webhook` (`t('webhook.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    webhook: WebhookMessages;
  }
}
