/** The current language as React sees it (antd needs its locale object and the direction). */
import type { Locale } from 'antd/es/locale';
import { create } from 'zustand';
import { writeLanguageCookie } from './cookie';
import { DEFAULT_LANGUAGE, directionOf, type Language } from './languages';
import { prepareLanguage, showLanguage } from './load';

let latestRequest = 0;

interface LanguageState {
  language: Language;
  direction: 'ltr' | 'rtl';
  antdLocale: Locale | undefined;
  /** Loads and shows `language`, and keeps it in the `language` cookie when `remember` is set. */
  apply(language: Language, remember?: boolean): Promise<void>;
}

export const useLanguageStore = create<LanguageState>((set) => ({
  language: DEFAULT_LANGUAGE,
  direction: directionOf(DEFAULT_LANGUAGE),
  antdLocale: undefined,
  async apply(language, remember = false) {
    const request = ++latestRequest;
    const loaded = await prepareLanguage(language);
    if (request !== latestRequest) return; // a later choice won
    showLanguage(loaded);
    if (remember) writeLanguageCookie(language);
    set(loaded);
  },
}));
