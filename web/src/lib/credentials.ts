/**
 * Where the session lives (product-spec.md 4): the token and the user id ("uuid") in cookies and
 * in localStorage, with the signed-in user's profile and permission keys in localStorage.
 * A session counts only when the token cookie and the stored user id agree.
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
}

const TOKEN_COOKIE = 'token';
const UUID_COOKIE = 'uuid';
const COOKIE_DAYS = 3650;
const cookieOptions = { expires: COOKIE_DAYS, path: '/', sameSite: 'Lax' } as const;

export function readCredentials(): Credentials | null {
  const token = Cookies.get(TOKEN_COOKIE);
  const uuid = Cookies.get(UUID_COOKIE);
  const user = readStored<SessionUser>('user');
  if (!token || !uuid || !user || String(user.userId) !== uuid) return null;
  return { token, user };
}

export function writeCredentials({ token, user }: Credentials): void {
  Cookies.set(TOKEN_COOKIE, token, cookieOptions);
  Cookies.set(UUID_COOKIE, String(user.userId), cookieOptions);
  writeStored('token', token);
  writeStored('uuid', user.userId);
  writeStored('user', user);
}

export function clearCredentials(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  Cookies.remove(UUID_COOKIE, { path: '/' });
  removeStored('token');
  removeStored('uuid');
  removeStored('user');
}
