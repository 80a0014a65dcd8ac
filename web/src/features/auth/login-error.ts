import type { TFunction } from 'i18next';
import { Code } from '@/api/codes';
import { isApiError } from '@/api/errors';

/**
 * The login form's own message for a failed sign-in: a lost connection and a locked account get
 * the console's text (the locked one keeps the server's hint of when to retry); other refusals
 * (wrong login name or password) show what the server said, or the console's text if it said
 * nothing.
 */
export function loginErrorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('api.failed');
  if (error.kind === 'network') return t('login.networkFailure');
  if (error.kind !== 'code') return error.message;
  if (error.code === Code.loginLocked) return t('login.locked', { detail: error.message });
  return error.message || t('login.wrongCredentials');
}
