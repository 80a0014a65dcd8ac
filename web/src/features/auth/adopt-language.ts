import { setLanguage } from '@/api/session';
import type { SessionUser } from '@/lib/session';
import { readLanguageCookie } from '@/i18n/cookie';
import { isLanguage } from '@/i18n/languages';
import { useLanguageStore } from '@/i18n/store';

/**
 * After sign-in: a language chosen in this browser (the cookie) wins and is saved for the user
 * on the server; without one, the console takes the language saved for the user.
 */
export async function adoptLanguageAfterSignIn(user: SessionUser): Promise<void> {
  const chosen = readLanguageCookie();
  if (chosen) {
    if (chosen !== user.language) setLanguage(user.userId, chosen, { quiet: true }).catch(() => undefined);
    return;
  }
  if (isLanguage(user.language)) await useLanguageStore.getState().apply(user.language, true);
}
