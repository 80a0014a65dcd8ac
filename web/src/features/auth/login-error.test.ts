import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { hasOwnText, loginErrorText } from './login-error';

const t = ((key: string, values?: { detail?: string }) => (values?.detail ? `${key}|${values.detail}` : key)) as unknown as TFunction;

describe('loginErrorText', () => {
  it('names a lost connection', () => {
    expect(loginErrorText(new ApiError('network', 'x'), t)).toBe('login.networkFailure');
  });

  it('says the account or password is wrong for 10007', () => {
    expect(loginErrorText(new ApiError('code', 'server text', { code: 10007 }), t)).toBe('login.wrongCredentials');
  });

  it('keeps the server’s retry hint for a locked account', () => {
    expect(loginErrorText(new ApiError('code', 'retry in 5 minutes', { code: 10006 }), t)).toBe(
      'login.locked|retry in 5 minutes',
    );
  });

  it('shows other refusals and transport texts as they come', () => {
    expect(loginErrorText(new ApiError('code', 'account: letters and digits only', { code: 10001 }), t)).toBe(
      'account: letters and digits only',
    );
    expect(loginErrorText(new ApiError('http', 'Gateway error (502).', { status: 502 }), t)).toBe('Gateway error (502).');
  });
});

describe('hasOwnText', () => {
  it('keeps wrong credentials and a locked account in the form’s alert, even when the server names a field', () => {
    expect(hasOwnText(new ApiError('code', 'wrong', { code: 10007, field: 'password' }))).toBe(true);
    expect(hasOwnText(new ApiError('code', 'locked', { code: 10006, field: 'account' }))).toBe(true);
    expect(hasOwnText(new ApiError('code', 'The login name is too long.', { code: 10001, field: 'account' }))).toBe(false);
    expect(hasOwnText(new Error('boom'))).toBe(false);
  });
});
