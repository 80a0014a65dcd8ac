import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockedPost } from '@/test/api';
import { useSessionStore } from '@/lib/session';
import { watchUnhandledRejections } from '@/test/unhandled-rejections';
import { EntriesPage } from './entries-page';
import { readIn } from '@/test/i18n';

vi.mock('@/api/client', () => ({
  post: vi.fn<(path: string) => Promise<unknown>>(async (path: string) => (path.includes('Cate') ? [] : { list: [], total: 0 })),
}));

/** antd's dialog renders slowly in jsdom on a busy machine. */
const SLOW = { timeout: 10_000 };

const unhandled = watchUnhandledRejections();

beforeAll(() => readIn('en'));

beforeEach(() => {
  mockedPost().mockClear();
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en',
      permissionKeys: { 'file/file_list/add': true, 'file/knowledge/add': true } },
  });
});

afterEach(() => {
  useSessionStore.setState({ token: null, user: null });
});

function renderPage(kind: 'file' | 'knowledge') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <EntriesPage kind={kind} />
      </App>
    </QueryClientProvider>,
  );
}


/** A dialog's first render (antd's modal and form) is slow in jsdom on a busy machine. */
const TEST_TIMEOUT = 30_000;

describe.each([
  ['Files', 'file', '/api/file/add'],
  ['Knowledge base', 'knowledge', '/api/file/addKnowledge'],
] as const)('%s: saving the "Add" dialog without a file', (_, kind, addCall) => {
  it('says the file is missing (with the other fields or alone), throws nothing and calls nothing', async () => {
    renderPage(kind);
    fireEvent.click(screen.getByTestId('add-entry'));
    fireEvent.click(await screen.findByTestId('save-entry', {}, SLOW));
    expect(await screen.findByText('Upload a file first', {}, SLOW)).toBeInTheDocument();
    expect((await screen.findAllByText('Fill in this field.', {}, SLOW)).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByTestId('entry-name'), { target: { value: 'Manual' } });
    fireEvent.change(within(screen.getByRole('dialog')).getByRole('combobox'), { target: { value: 'Guides' } });
    fireEvent.click(screen.getByTestId('save-entry'));
    await waitFor(() => expect(screen.queryAllByText('Fill in this field.')).toEqual([]), SLOW);
    expect(screen.getByText('Upload a file first')).toBeInTheDocument();
    await unhandled.settled();
    expect(unhandled.reasons).toEqual([]);
    expect(mockedPost().mock.calls.map(([path]) => path)).not.toContain(addCall);
  }, TEST_TIMEOUT);
});
