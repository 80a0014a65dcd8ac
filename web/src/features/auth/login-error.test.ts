import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { loginErrorText } from './login-error';

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
