/** Session and account calls (api-spec.md 7.2, and the user menu's clear data and clear token). */
import { post, type CallOptions } from './client';
import type { DataOf } from './types';

export type LoginResult = DataOf<'/api/login'>;

export function login(account: string, password: string, options?: CallOptions) {
  return post('/api/login', { account, password, type: 'user' }, options);
}

export function logout(options?: CallOptions) {
  return post('/api/logout', {}, options);
}

export function setLanguage(userId: number, language: string, options?: CallOptions) {
  return post('/api/setLanguage', { userId, language }, options);
}

export function getLanguage(options?: CallOptions) {
  return post('/api/getLanguage', {}, options);
}

/** Revokes every token of the caller, the current one included. */
export function cleanToken(options?: CallOptions) {
  return post('/api/user/cleanToken', {}, options);
}

/** Clears the caller's server caches and data older than one year. */
export function cleanCache(options?: CallOptions) {
  return post('/api/user/cleanCache', {}, options);
}
