/**
 * Where the session lives (product-spec.md 4): the token and the user id ("uuid") in cookies and
 * in localStorage, with the signed-in user's profile and permission keys in localStorage.
 * A session counts only when the token cookie and the stored user id agree.
 *
 * The cookies live as long as the token (the sign-in answer's `expiresAt`; 7 days, the server's
 * default, when it says none), are `Secure` on an https page and `SameSite=Strict`: the server
 * never reads them (the token goes in the Authorization header), so no request from another site
 * needs them (issue 45 item 7; they lived ten years, sent over plain http too).
 */
import Cookies from 'js-cookie';
import { readStored, removeStored, writeStored } from './storage';

export interface SessionUser {
  userId: number;
  account: string;
  name: string;
  levelDepth: number;
  shadowId: number | null;
  avatarUrl: string;
  language: string;
  permissionKeys: Record<string, true>;
}

export interface Credentials {
  token: string;
  user: SessionUser;
  /** When the server ends the token (ISO 8601). */
  expiresAt?: string | null;
}

const TOKEN_COOKIE = 'token';
const UUID_COOKIE = 'uuid';
const TOKEN_DAYS = 7; // CLEANFLEET_TOKEN_TTL's default

/** The session cookies' attributes: the token's life, Secure under https. */
export function sessionCookieOptions(
  expiresAt: string | null | undefined,
  { now = Date.now(), protocol = window.location.protocol }: { now?: number; protocol?: string } = {},
): Cookies.CookieAttributes {
  const end = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const expires = new Date(Number.isFinite(end) ? end : now + TOKEN_DAYS * 86_400_000);
  return { expires, path: '/', sameSite: 'Strict', secure: protocol === 'https:' };
}

export function readCredentials(): Credentials | null {
  const token = Cookies.get(TOKEN_COOKIE);
  const uuid = Cookies.get(UUID_COOKIE);
  const user = readStored<SessionUser>('user');
  if (!token || !uuid || !user || String(user.userId) !== uuid) return null;
  return { token, user };
}

export function writeCredentials({ token, user, expiresAt }: Credentials): void {
  const options = sessionCookieOptions(expiresAt);
  Cookies.set(TOKEN_COOKIE, token, options);
  Cookies.set(UUID_COOKIE, String(user.userId), options);
  writeStored('token', token);
  writeStored('uuid', user.userId);
  writeStored('user', user);
}

/** The signed-in user's profile changed (name, avatar): the cookies keep the life they were given. */
export function writeSessionUser(user: SessionUser): void {
  writeStored('user', user);
}

export function clearCredentials(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  Cookies.remove(UUID_COOKIE, { path: '/' });
  removeStored('token');
  removeStored('uuid');
  removeStored('user');
}
