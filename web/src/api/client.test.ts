import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/i18n/locales/en';
import { i18n } from '@/i18n/instance';
import {
  actingUserId,
  configureClient,
  post,
  postForm,
  resetRateLimitNotice,
  resetSessionInvalidDebounce,
  retryAfterSeconds,
  SESSION_INVALID_DEBOUNCE_MS,
} from './client';
import { ApiError } from './errors';
import { SIGN_IV, SIGN_KEY } from './sign';

const envelope = (code: number, data: unknown = null, message = `server says ${code}`, field?: string) =>
  new Response(JSON.stringify({ message: { code, message, field }, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchMock = vi.fn<typeof fetch>();
const notifyError = vi.fn<(text: string, seconds: number) => void>();
const onSessionInvalid = vi.fn<(text: string) => void>();

async function decryptSign(sign: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(SIGN_KEY), 'AES-CBC', false, ['decrypt']);
  const data = Uint8Array.from(atob(sign), (c) => c.charCodeAt(0));
  const plain = await crypto.subtle.decrypt({ name: 'AES-CBC', iv: enc.encode(SIGN_IV) }, key, data);
  return new TextDecoder().decode(plain);
}

function lastHeaders(): Record<string, string> {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

beforeAll(async () => {
  i18n.addResourceBundle('en', 'translation', en);
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  fetchMock.mockReset();
  notifyError.mockReset();
  onSessionInvalid.mockReset();
  resetSessionInvalidDebounce();
  resetRateLimitNotice();
  vi.stubGlobal('fetch', fetchMock);
  configureClient({
    getSession: () => ({ token: 'tok-1', account: 'alice', actingUserId: 42 }),
    notifyError,
    onSessionInvalid,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('headers', () => {
  it('sends the token, username, platform and a sign of now + 20 s', async () => {
    fetchMock.mockResolvedValueOnce(envelope(0, { language: 'fr' }));
    const before = Date.now();
    await post('/api/getLanguage', {});
    const headers = lastHeaders();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/getLanguage');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers.username).toBe('alice');
    expect(headers.platform).toBe('web');
    const signedTime = Number(await decryptSign(headers.sign ?? ''));
    expect(signedTime).toBeGreaterThanOrEqual(before + 20_000);
    expect(signedTime).toBeLessThanOrEqual(Date.now() + 20_000);
  });

  it('sends a dash and no token when signed out', async () => {
    configureClient({ getSession: () => ({ token: null, account: null, actingUserId: null }) });
    fetchMock.mockResolvedValueOnce(envelope(0, { language: 'fr' }));
    await post('/api/getLanguage', {});
    expect(lastHeaders().username).toBe('-');
    expect(lastHeaders().Authorization).toBeUndefined();
  });
});

describe('time zone', () => {
  it('sends the browser’s IANA time zone, in which the server writes the times it names', async () => {
    fetchMock.mockResolvedValueOnce(envelope(0, { language: 'fr' }));
    await post('/api/getLanguage', {});
    expect(lastHeaders().timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(lastHeaders().timezone).toMatch(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/);
  });
});

describe('language', () => {
  it('sends the language on screen, which the server answers in (not the account’s stored one)', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope(0, { language: 'en' })));
    await post('/api/getLanguage', {});
    expect(lastHeaders().language).toBe('en');
    await i18n.changeLanguage('zh-CN');
    try {
      await post('/api/getLanguage', {});
      expect(lastHeaders().language).toBe('zh-CN');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

/** Run whatever the current task queued (the held-back toast of a field refusal). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const taken = () => envelope(10008, null, 'The account userA1 is already taken.', 'account');
const create = () => post('/api/user/insertUser', { account: 'userA1' } as never);

describe('refusals about a field', () => {
  it('keep the field and toast once the caller has had its turn, when nobody claims them', async () => {
    fetchMock.mockResolvedValueOnce(taken());
    const error = await create().catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'code', code: 10008, field: 'account', message: 'The account userA1 is already taken.' });
    expect(notifyError).not.toHaveBeenCalled();
    await nextTask();
    expect(notifyError).toHaveBeenCalledWith('The account userA1 is already taken.', 5);
    expect((error as ApiError).claim()).toBe(false);
  });

  it('are not toasted when the caller claims them in its catch', async () => {
    fetchMock.mockResolvedValueOnce(taken());
    const error = await create().catch((e: unknown) => e);
    expect((error as ApiError).claim()).toBe(true);
    await nextTask();
    expect(notifyError).not.toHaveBeenCalled();
    expect((error as ApiError).claim()).toBe(false);
  });

  it('of a quiet call can be claimed and are never toasted', async () => {
    fetchMock.mockResolvedValueOnce(taken());
    const error = await post('/api/user/insertUser', { account: 'userA1' } as never, { quiet: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ field: 'account', shown: false });
    expect((error as ApiError).claim()).toBe(true);
    await nextTask();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('without a field are toasted at once, as before', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10011, null, 'The robot is busy.'));
    const error = await create().catch((e: unknown) => e);
    expect(error).toMatchObject({ field: null, shown: true });
    expect(notifyError).toHaveBeenCalledWith('The robot is busy.', 5);
    expect((error as ApiError).claim()).toBe(false);
  });
});

describe('uploads', () => {
  it('post a multipart form with the same headers but no JSON content type, and read the envelope', async () => {
    fetchMock.mockResolvedValueOnce(envelope(0, { url: '/api/storage/x' }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    const data = await postForm('/api/user/uploadHeadPicture', form);
    expect(data).toEqual({ url: '/api/storage/x' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(lastHeaders()['Content-Type']).toBeUndefined();
    expect(lastHeaders().Authorization).toBe('Bearer tok-1');
    expect(lastHeaders().sign).toBeTruthy();
  });

  it('show the server message of a refused upload', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10015, null, 'images are at most 2 MB'));
    await expect(postForm('/api/user/uploadHeadPicture', new FormData())).rejects.toMatchObject({ code: 10015 });
    expect(notifyError).toHaveBeenCalledWith('images are at most 2 MB', 5);
  });

  it('keep the data a refusal carries', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10011, { users: 2, devices: 1 }, 'still has users'));
    await expect(post('/api/user/deleteUserInfo', { userId: 9 }, { quiet: true })).rejects.toMatchObject({
      code: 10011,
      data: { users: 2, devices: 1 },
    });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('acting user', () => {
  it('is what the session says (the shadow id when there is one)', () => {
    expect(actingUserId()).toBe(42);
  });
});

describe('answer codes', () => {
  it.each([0, 20004, 20007])('treats %i as success and resolves with data', async (code) => {
    fetchMock.mockResolvedValueOnce(envelope(code, { language: 'ko' }));
    await expect(post('/api/getLanguage', {})).resolves.toEqual({ language: 'ko' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('shows any other code’s message as an error for 5 s', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10001, null, 'language: not a language'));
    const error = await post('/api/setLanguage', { userId: 1, language: 'xx' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'code', code: 10001, message: 'language: not a language', shown: true });
    expect(notifyError).toHaveBeenCalledWith('language: not a language', 5);
  });

  it('leaves the message to the caller when quiet', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10007));
    await expect(post('/api/login', { account: 'a', password: 'b', type: 'user' }, { quiet: true })).rejects.toMatchObject({
      code: 10007,
      shown: false,
    });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('reads an envelope from a non-2xx answer', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: { code: 10004, message: 'no permission' } }), { status: 403 }),
    );
    await expect(post('/api/user/cleanCache', {})).rejects.toMatchObject({ code: 10004 });
    expect(notifyError).toHaveBeenCalledWith('no permission', 5);
  });
});

describe('10003: session invalid', () => {
  it('signs out once when several calls fail together, without an error toast each', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope(10003)));
    const results = await Promise.allSettled([
      post('/api/getLanguage', {}),
      post('/api/user/cleanCache', {}),
      post('/api/logout', {}),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(onSessionInvalid).toHaveBeenCalledWith(en.api.sessionInvalid);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('handles it again once the debounce window has passed', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    fetchMock.mockImplementation(() => Promise.resolve(envelope(10003)));
    await post('/api/getLanguage', {}).catch(() => undefined);
    now.mockReturnValue(1_000_000 + SESSION_INVALID_DEBOUNCE_MS - 1);
    await post('/api/getLanguage', {}).catch(() => undefined);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    now.mockReturnValue(1_000_000 + SESSION_INVALID_DEBOUNCE_MS + 1);
    await post('/api/getLanguage', {}).catch(() => undefined);
    expect(onSessionInvalid).toHaveBeenCalledTimes(2);
    now.mockRestore();
  });

  it('is handled even for quiet calls', async () => {
    fetchMock.mockResolvedValueOnce(envelope(10003));
    await post('/api/getLanguage', {}, { quiet: true }).catch(() => undefined);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });
});

describe('transport failures', () => {
  it.each([
    [400, 'Request error (400).'],
    [401, 'Unauthorized, please sign in (401).'],
    [403, 'Access denied (403).'],
    [404, 'Request address error: /api/getLanguage (404).'],
    [500, 'Internal server error (500).'],
    [502, 'Gateway error (502).'],
    [503, 'Service unavailable (503).'],
    [504, 'Gateway timeout (504).'],
    [418, 'Connection error (418).'],
  ])('shows the text for HTTP %i', async (status, text) => {
    fetchMock.mockResolvedValueOnce(new Response('<html>oops</html>', { status }));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ kind: 'http', status });
    expect(notifyError).toHaveBeenCalledWith(text, 5);
  });

  it('says so when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ kind: 'network' });
    expect(notifyError).toHaveBeenCalledWith(en.api.networkError, 5);
  });

  it('rejects an unreadable 200 answer', async () => {
    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 200 }));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ kind: 'http' });
    expect(notifyError).toHaveBeenCalledWith(en.api.badResponse, 5);
  });
});

// A signal may be aborted before the call reaches fetch (a 20 ms limit on a loaded machine): no 'abort' event comes
// then, and fetch itself rejects at once, as these stand-ins do.
const whenAborted = (signal: AbortSignal | null | undefined, react: () => void) => {
  if (signal?.aborted) react();
  else signal?.addEventListener('abort', react);
};

const hangUntilAborted = (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    whenAborted(init?.signal, () => reject(new DOMException('aborted', 'AbortError')));
  });

/** A 200 answer whose body stops after its first bytes; `then` decides what happens to the rest. */
const partialAnswer = (then: (body: ReadableStreamDefaultController<Uint8Array>) => void) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(body) {
        body.enqueue(new TextEncoder().encode('{"message": {"code": 0,'));
        then(body);
      },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

/** The body hangs until the call is aborted. */
const bodyHangsUntilAborted = (_input: RequestInfo | URL, init?: RequestInit) =>
  Promise.resolve(
    partialAnswer((body) => whenAborted(init?.signal, () => body.error(new DOMException('aborted', 'AbortError')))),
  );

describe('cancellation and timeout', () => {
  it('cancels quietly when the caller aborts', async () => {
    fetchMock.mockImplementation(hangUntilAborted);
    const controller = new AbortController();
    const call = post('/api/getLanguage', {}, { signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('gives up after the timeout with the 408 text', async () => {
    fetchMock.mockImplementation(hangUntilAborted);
    await expect(post('/api/getLanguage', {}, { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout', status: 408 });
    expect(notifyError).toHaveBeenCalledWith('Request timeout (408).', 5);
  });

  it('cancels quietly when the caller aborts while the answer is being read', async () => {
    fetchMock.mockImplementation(bodyHangsUntilAborted);
    const controller = new AbortController();
    const call = post('/api/getLanguage', {}, { signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted', shown: false });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('gives the 408 text when the time runs out while the answer is being read', async () => {
    fetchMock.mockImplementation(bodyHangsUntilAborted);
    await expect(post('/api/getLanguage', {}, { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout', status: 408 });
    expect(notifyError).toHaveBeenCalledWith('Request timeout (408).', 5);
  });

  it('says the connection failed when it breaks in the middle of the answer', async () => {
    fetchMock.mockResolvedValueOnce(partialAnswer((body) => body.error(new TypeError('terminated'))));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ kind: 'network' });
    expect(notifyError).toHaveBeenCalledWith(en.api.networkError, 5);
  });
});

const tooMany = (headers: Record<string, string>) =>
  new Response(JSON.stringify({ message: { code: 10009, message: 'server says 10009' }, data: null }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('429: too many requests', () => {
  const limited = { 'Retry-After': '17', 'RateLimit-Policy': '"token";q=600;w=60', RateLimit: '"token";r=0;t=17' };

  // kind 'http', not 'network': the queries retry only a lost connection (src/app/query-client.ts)
  it('says in the screen language when to try again, from Retry-After, and sends the call once', async () => {
    fetchMock.mockResolvedValueOnce(tooMany(limited));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ kind: 'http', status: 429 });
    expect(notifyError).toHaveBeenCalledWith('Too many requests: try again in 17 s.', 5);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is shown once while its wait lasts, however many calls are refused', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-05-01T08:00:00Z'), toFake: ['Date'] });
    fetchMock.mockResolvedValueOnce(tooMany(limited));
    fetchMock.mockResolvedValueOnce(tooMany({ 'Retry-After': '7' }));
    fetchMock.mockResolvedValueOnce(tooMany({ 'Retry-After': '42' }));
    await expect(post('/api/getLanguage', {})).rejects.toBeInstanceOf(ApiError);
    vi.setSystemTime(Date.parse('2026-05-01T08:00:10Z'));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ status: 429, shown: false });
    expect(notifyError).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.parse('2026-05-01T08:00:18Z'));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ status: 429, shown: true });
    expect(notifyError).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reads the wait from an HTTP date, or the RateLimit field, and says "in a moment" without either', async () => {
    const now = Date.parse('2026-05-01T08:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'Retry-After': 'Fri, 01 May 2026 08:00:30 GMT' }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({ RateLimit: '"token";r=0;t=42' }), now)).toBe(42);
    expect(retryAfterSeconds(new Headers(), now)).toBeNull();
    fetchMock.mockResolvedValueOnce(tooMany({}));
    await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ status: 429 });
    expect(notifyError).toHaveBeenCalledWith(en.api.tooManyRequestsLater, 5);
  });

  it('says it in every language of the console', async () => {
    await i18n.changeLanguage('fr');
    try {
      const { default: fr } = await import('@/i18n/locales/fr');
      i18n.addResourceBundle('fr', 'translation', fr);
      fetchMock.mockResolvedValueOnce(tooMany(limited));
      await expect(post('/api/getLanguage', {})).rejects.toMatchObject({ status: 429 });
      expect(notifyError).toHaveBeenCalledWith('Trop de requêtes : réessayez dans 17 s.', 5);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
