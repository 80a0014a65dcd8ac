import type { LocaleTexts } from '../locale-texts';
import type en from './en';

/** The shape every language's form messages must have: exactly the keys of en.ts. */
export type FormMessages = LocaleTexts<typeof en>;
