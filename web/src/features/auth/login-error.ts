import type { TFunction } from 'i18next';
import { Code } from '@/api/codes';
import { isApiError } from '@/api/errors';

/**
 * The login form's own message for a failed sign-in: a lost connection, wrong credentials and a
 * locked account get the console's text (the locked one adds the server's hint of when to
 * retry); anything else shows what the server or the transport said.
 */
export function loginErrorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('api.failed');
  if (error.kind === 'network') return t('login.networkFailure');
  if (error.kind !== 'code') return error.message; // timeout, HTTP status, client
  if (error.code === Code.wrongCredentials) return t('login.wrongCredentials');
  if (error.code === Code.loginLocked) return t('login.locked', { detail: error.message });
  return error.message;
}

/** Wrong credentials and a locked account are worded by the form itself, never as one field's error. */
export function hasOwnText(error: unknown): boolean {
  return isApiError(error) && (error.code === Code.wrongCredentials || error.code === Code.loginLocked);
}
