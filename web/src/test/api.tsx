/**
 * The console's server as component tests fake it: the API's envelope, a fetch every call goes through, and the
 * providers a page needs. One place, so a change of the envelope or the client's set-up changes every test.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureClient, post } from '@/api/client';

/** An answer in the API's envelope (code 0 is success; ``field`` names the refused field). */
export const envelope = (data: unknown = null, code = 0, message = 'ok', field?: string) =>
  new Response(JSON.stringify({ message: { code, message, field }, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Routes every API call of the test file through ``fetchMock`` (set its implementation in your beforeEach) as the
 * signed-in admin; ``notifyError`` records what the client would show as an error.
 */
export function fakeServer() {
  const fetchMock = vi.fn<typeof fetch>();
  const notifyError = vi.fn<(text: string, seconds: number) => void>();
  beforeEach(() => {
    fetchMock.mockReset();
    notifyError.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  /** The JSON bodies sent to ``path`` so far. */
  const bodiesTo = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { fetchMock, notifyError, bodiesTo };
}

/** Renders ``ui`` inside a fresh query client (no retries) and antd's App, as the console's providers do. */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}><App>{ui}</App></QueryClientProvider>) };
}

/**
 * ``post`` as a file that mocks '@/api/client' sees it: a plain mock of (path, body). ``vi.mocked(post)`` would make
 * tsc map the client's generic signature over every call of the schema (8 s of the console's type check).
 */
export type PostMock = (path: string, body?: unknown) => Promise<unknown>;
export const mockedPost = () => vi.mocked(post as unknown as PostMock);
