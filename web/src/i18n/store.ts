/** The current language as React sees it (antd needs its locale object and the direction). */
import type { Locale } from 'antd/es/locale';
import { create } from 'zustand';
import { afterFirstPaint } from '@/lib/when-idle';
import { writeLanguageCookie } from './cookie';
import { DEFAULT_LANGUAGE, directionOf, type Language } from './languages';
import { prepareLanguage, prepareShellTexts, showLanguage, showTexts } from './load';

let latestRequest = 0;

interface LanguageState {
  language: Language;
  direction: 'ltr' | 'rtl';
  antdLocale: Locale | undefined;
  /** Loads and shows `language`, and keeps it in the `language` cookie when `remember` is set. */
  apply(language: Language, remember?: boolean): Promise<void>;
  /**
   * The console's start: resolves once `language`'s shell texts are shown (the sign-in page's first paint needs no
   * more, issue 52 item 11); antd's and dayjs's locales follow, `languageComplete()` resolves when they have.
   */
  start(language: Language): Promise<void>;
}

let complete: Promise<void> = Promise.resolve();

/** Resolves once the language shown has its antd and dayjs locales too (what antd's parts wait for). */
export const languageComplete = (): Promise<void> => complete;

export const useLanguageStore = create<LanguageState>((set, get) => ({
  language: DEFAULT_LANGUAGE,
  direction: directionOf(DEFAULT_LANGUAGE),
  antdLocale: undefined,
  apply(language, remember = false) {
    const request = ++latestRequest;
    const applied = prepareLanguage(language).then((loaded) => {
      if (request !== latestRequest) return; // a later choice won
      showLanguage(loaded);
      if (remember) writeLanguageCookie(language);
      set({ language: loaded.language, direction: loaded.direction, antdLocale: loaded.antdLocale });
    });
    complete = applied.catch(() => undefined);
    return applied;
  },
  async start(language) {
    const request = ++latestRequest;
    await prepareShellTexts(language);
    if (request !== latestRequest) return;
    showTexts(language);
    set({ language, direction: directionOf(language) });
    // after the first paint: on a slow link these files would share it with the sign-in form's
    complete = new Promise((resolve) => afterFirstPaint(() => void get().apply(language).then(resolve, () => resolve())));
  },
}));
