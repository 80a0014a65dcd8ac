import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's audit trail texts must have: exactly the keys of en.ts. */
export type AuditMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The audit trail's texts, under `audit` (`t('audit.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    audit: AuditMessages;
  }
}
