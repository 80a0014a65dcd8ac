import type { LocaleTexts } from '@/i18n/locale-texts';
import type en from './en';

/** The shape every language's task texts must have: exactly the keys of en.ts. */
export type TaskMessages = LocaleTexts<typeof en>;

declare module '@/i18n/features' {
  /** The task texts, under `task` (`t('task.…')`), as src/i18n loads them. */
  interface FeatureMessages {
    task: TaskMessages;
  }
}
