import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockedPost } from '@/test/api';
import { i18n } from '@/i18n/instance';
import { useSessionStore } from '@/lib/session';
import { watchUnhandledRejections } from '@/test/unhandled-rejections';
import AdPage from './ad-page';
import { readIn } from '@/test/i18n';

vi.mock('@/api/client', () => ({
  post: vi.fn<(path: string) => Promise<unknown>>(async () => ({ list: [], total: 0 })),
}));

/** antd's dialog renders slowly in jsdom on a busy machine. */
const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const unhandled = watchUnhandledRejections();

beforeAll(() => readIn('en'));

beforeEach(() => {
  mockedPost().mockClear();
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en',
      permissionKeys: { 'device/ad/add': true, 'device/ad/edit': true } },
  });
});

afterEach(() => {
  useSessionStore.setState({ token: null, user: null });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <AdPage />
      </App>
    </QueryClientProvider>,
  );
}

const calledPaths = () => mockedPost().mock.calls.map(([path]) => path);

describe('Advertising: failed saves', () => {
  it('"Add media" without a file or name says both, throws nothing and calls nothing', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Media' }));
    fireEvent.click(await screen.findByTestId('add-media', {}, SLOW));
    fireEvent.click(await screen.findByTestId('save-media', {}, SLOW));
    expect(await screen.findByText('Upload a file first', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Fill in this field.', {}, SLOW)).toBeInTheDocument();
    await unhandled.settled();
    expect(unhandled.reasons).toEqual([]);
    expect(calledPaths()).not.toContain('/api/advertising/mediaAdd');
  }, TEST_TIMEOUT);

  it('"Add playlist" without a name says so and throws nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('add-playlist', {}, SLOW));
    fireEvent.click(await screen.findByTestId('save-playlist', {}, SLOW));
    expect(await screen.findByText('Fill in this field.', {}, SLOW)).toBeInTheDocument();
    await unhandled.settled();
    expect(unhandled.reasons).toEqual([]);
    expect(calledPaths()).not.toContain('/api/advertising/playlistAdd');
  }, TEST_TIMEOUT);

  it('"Listen" without a text says so and throws nothing', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('tab', { name: i18n.t('files.ads.voice') }));
    fireEvent.click(await screen.findByTestId('voice-listen', {}, SLOW));
    expect(await screen.findByText('Fill in this field.', {}, SLOW)).toBeInTheDocument();
    await unhandled.settled();
    expect(unhandled.reasons).toEqual([]);
  }, TEST_TIMEOUT);
});
