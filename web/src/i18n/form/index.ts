/**
 * The form messages of every language, in one chunk (about 2 KB gzipped) that features.ts loads
 * with the first page's texts through one dynamic import: the first load carries one reference to
 * it, not one per language, and no loader of its own (the first-load budget, web/README.md).
 */
import type { Language } from '../languages';
import type { FormMessages } from './types';

const files = import.meta.glob<FormMessages>(['./*.ts', '!./index.ts', '!./types.ts', '!./*.test.ts'], { eager: true, import: 'default' });

export function loadFormMessages(language: Language): FormMessages {
  const messages = files[`./${language}.ts`];
  if (!messages) throw new Error(`no ${language} form messages`);
  return messages;
}
