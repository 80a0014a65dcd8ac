import Cookies from 'js-cookie';
import { LANGUAGE_COOKIE, isLanguage, type Language } from './languages';

/** api-spec.md 9: cookies never expire in practice. */
const COOKIE_DAYS = 3650;

export function readLanguageCookie(): Language | null {
  const value = Cookies.get(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

export function writeLanguageCookie(language: Language): void {
  // Lax: the server reads it, also on a page opened from a mail's link; Secure where the page is https
  Cookies.set(LANGUAGE_COOKIE, language, { expires: COOKIE_DAYS, path: '/', sameSite: 'Lax', secure: window.location.protocol === 'https:' });
}
