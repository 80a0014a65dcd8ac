import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockedPost, type PostMock } from '@/test/api';
import { useUnreadMessages } from '@/api/message/unread';
import { messageKeys } from '@/api/message/keys';
import { useSessionStore } from '@/lib/session';
import MessageCentrePage from './message-centre-page';
import { readIn } from '@/test/i18n';

vi.mock('@/api/client', () => ({ post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>() }));

const SLOW = { timeout: 10_000 };
const message = (id: number, read: boolean) => ({
  id,
  kind: 'task_ended',
  title: `Run ${id} ended`,
  content: `Robot R${id} finished its round`,
  deviceId: null,
  read,
  time: '2026-11-20T08:00:00+00:00',
  count: 1,
});
/** A robot's 12 alarms of one problem, folded into one message by the server (issue 45 item 6). */
const folded = (read: boolean) => ({ ...message(3, read), kind: 'alarm_raised', title: 'Alarm on R3: Emergency stop', count: 12 });

/** A server: two unread messages; opening one marks it read. */
function server(withFolded = false) {
  const read = new Set<number>();
  const all = () => [message(1, read.has(1)), message(2, read.has(2)), ...(withFolded ? [folded(read.has(3))] : [])];
  const unread = () => all().filter((m) => !m.read).length;
  mockedPost().mockImplementation((async (path: string, body: { id?: number }) => {
    if (path === '/api/message/findMessageByUnRead') {
      const list = all().filter((m) => !m.read);
      return { list, total: list.length, pageNum: 1, pageSize: 20, unread: unread() };
    }
    if (path === '/api/message/findAllMessage') return { list: all(), total: all().length, pageNum: 1, pageSize: 20, unread: unread() };
    if (path === '/api/message/openMessage') {
      read.add(body.id!);
      return { message: all().find((m) => m.id === body.id)!, unread: unread() };
    }
    return null;
  }) as PostMock);
}

function HeaderCount() {
  const count = useUnreadMessages(true);
  return <output data-testid="header-count">{count.data ?? '-'}</output>;
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  mockedPost().mockReset();
  server();
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { 'message/index': true } },
  });
});

afterEach(() => {
  useSessionStore.setState({ token: null, user: null });
});

function renderCentre(client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <HeaderCount />
          <MessageCentrePage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
  return client;
}

describe('Message centre: a folded message', () => {
  it('shows how many alarms it tells of, in the list and opened, and counts once as unread', async () => {
    server(true);
    renderCentre();
    expect(await screen.findByText('Unread (3)', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('message-count-3', {}, SLOW)).toHaveTextContent('12 times');
    expect(screen.queryByTestId('message-count-1')).not.toBeInTheDocument(); // one alarm: no count shown
    fireEvent.click(screen.getByTestId('open-3'));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    await waitFor(() => expect(within(dialog).getByTestId('message-count-3')).toHaveTextContent('12 times'), SLOW);
  }, 30_000);
});

describe('Message centre: opening a message', () => {
  it('shows it, marks it read on the server and lowers the unread count and the header badge', async () => {
    const client = renderCentre();
    expect(await screen.findByText('Unread (2)', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('header-count')).toHaveTextContent('2'), SLOW);

    fireEvent.click(screen.getByTestId('open-1'));

    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Robot R1 finished its round')).toBeInTheDocument();
    await waitFor(() => expect(mockedPost()).toHaveBeenCalledWith('/api/message/openMessage', { id: 1 }), SLOW);
    await waitFor(() => expect(screen.getByTestId('header-count')).toHaveTextContent('1'), SLOW);
    expect(client.getQueryData(messageKeys.unread())).toBe(1);
    expect(await screen.findByText('Unread (1)', {}, SLOW)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByTestId('close-message'));
    await waitFor(() => expect(screen.queryByTestId('open-1')).not.toBeInTheDocument(), SLOW);
    expect(screen.getByTestId('open-2')).toBeInTheDocument();
  }, 30_000);
});
