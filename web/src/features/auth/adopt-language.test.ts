// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { adoptLanguageAfterSignIn } from './adopt-language';

const setLanguage = vi.hoisted(() => vi.fn<(userId: number, language: string, options?: unknown) => Promise<unknown>>());
vi.mock('@/api/session', () => ({ setLanguage }));

const user = (language: string) => ({ userId: 7, language }) as SessionUser;

/** Settles `promise` or tells that it is still pending after the queued work ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('adoptLanguageAfterSignIn', () => {
  beforeEach(() => {
    setLanguage.mockReset();
    Cookies.set('language', 'en');
  });
  afterEach(() => Cookies.remove('language'));

  it('ends only once the server holds the language chosen on this screen', async () => {
    const save: { answer?: (value: unknown) => void } = {};
    setLanguage.mockReturnValueOnce(new Promise((resolve) => (save.answer = resolve)));
    const adopting = adoptLanguageAfterSignIn(user('zh-CN'));
    expect(setLanguage).toHaveBeenCalledWith(7, 'en', { quiet: true });
    expect(await settled(adopting)).toBe(false);
    save.answer?.(null);
    expect(await settled(adopting)).toBe(true);
  });

  it('signs in all the same when the save is refused', async () => {
    setLanguage.mockRejectedValueOnce(new Error('offline'));
    await expect(adoptLanguageAfterSignIn(user('zh-CN'))).resolves.toBeUndefined();
  });

  it('saves nothing when the server already holds that language', async () => {
    await adoptLanguageAfterSignIn(user('en'));
    expect(setLanguage).not.toHaveBeenCalled();
  });
});
