import { setLanguage } from '@/api/session';
import type { SessionUser } from '@/lib/session';
import { readLanguageCookie } from '@/i18n/cookie';
import { isLanguage } from '@/i18n/languages';
import { useLanguageStore } from '@/i18n/store';

/**
 * After sign-in: a language chosen in this browser (the cookie) wins and is saved for the user
 * on the server; without one, the console takes the language saved for the user.
 *
 * The save is awaited (beside the first screen's data, so it costs no extra wait): the sign-in ends
 * only once the server holds this screen's language, so of two screens signing in one after the
 * other the later one's language is the one kept. Not awaited, a slow save of the earlier screen
 * could land after the later sign-in and undo it.
 */
export async function adoptLanguageAfterSignIn(user: SessionUser): Promise<void> {
  const chosen = readLanguageCookie();
  if (chosen) {
    if (chosen !== user.language) await setLanguage(user.userId, chosen, { quiet: true }).catch(() => undefined);
    return;
  }
  if (isLanguage(user.language)) await useLanguageStore.getState().apply(user.language, true);
}
