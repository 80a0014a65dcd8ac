import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './login-path';

describe('loginPath', () => {
  it('keeps the full original path, query and hash', () => {
    expect(loginPath({ pathname: '/device/index', search: '?userId=7', hash: '#top' })).toBe(
      '/login?redirect=%2Fdevice%2Findex%3FuserId%3D7%23top',
    );
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/device/index?userId=7', '/device/index?userId=7'],
    [null, '/index'],
    ['', '/index'],
    ['/', '/index'],
    ['/login?redirect=%2Flog', '/index'],
    ['https://evil.example/', '/index'],
    ['//evil.example/', '/index'],
    ['/\\evil.example', '/index'],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });
});
