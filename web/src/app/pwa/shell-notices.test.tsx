import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '@/api/client';
import { fakeServer, envelope } from '@/test/api';
import { readIn } from '@/test/i18n';
import { probeServer, useConnection, watchConnection } from './connection';
import { ShellNotices } from './shell-notices';
import { useUpdate } from './update-store';

const OFFLINE = 'Offline: the data shown may be out of date; it refreshes when the connection returns.';
const UNREACHABLE = 'The server cannot be reached: the data shown may be out of date; it refreshes when the connection returns.';
const { fetchMock } = fakeServer();

/** A page showing one call's answer, as the console's pages do. */
function AlarmCount() {
  const alarms = useQuery({ queryKey: ['robots'], queryFn: () => post('/api/warn/list', { currentPage: 1, pageSize: 10 }) });
  return <p>{alarms.data ? `alarms: ${alarms.data.total}` : 'no alarms shown'}</p>;
}

let client: QueryClient;
let stop: () => void;

function renderShell() {
  return render(
    <QueryClientProvider client={client}>
      <ShellNotices />
      <AlarmCount />
    </QueryClientProvider>,
  );
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useConnection.setState({ browserOffline: false, serverUnreachable: false });
  useUpdate.setState({ ready: false, apply: () => undefined });
  stop = watchConnection(client);
});

afterEach(() => {
  stop();
  client.clear();
});

describe('the offline banner', () => {
  it('says the console is offline while the browser is, in a status region, and goes when it is back', async () => {
    fetchMock.mockImplementation(async () => envelope({ list: [], total: 3 }));
    renderShell();
    const banner = screen.getByRole('status');
    expect(banner).toBeEmptyDOMElement();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(banner).toHaveTextContent(OFFLINE);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(banner).toBeEmptyDOMElement();
  });

  it('says the server cannot be reached when calls get no answer, shows no data as live, and clears once it answers', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderShell();
    expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
    expect(screen.getByText('no alarms shown')).toBeInTheDocument();

    // the server is back: the probe finds it and the page's call is made again
    fetchMock.mockImplementation(async (path) => (String(path) === '/api/health' ? new Response('{}') : envelope({ list: [], total: 3 })));
    await act(() => probeServer(client));
    expect(await screen.findByText('alarms: 3')).toBeInTheDocument();
    expect(screen.getByTestId('connection-banner')).toBeEmptyDOMElement();
  });

  it('a refusal from the server is an answer: no offline banner', async () => {
    fetchMock.mockImplementation(async () => envelope(null, 500, 'Server error'));
    renderShell();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(client.getQueryState(['robots'])?.status).toBe('error'));
    expect(screen.getByTestId('connection-banner')).toBeEmptyDOMElement();
  });
});

describe('the update notice', () => {
  it('appears when a new version waits, and Reload applies it', () => {
    const apply = vi.fn<() => void>();
    fetchMock.mockImplementation(async () => envelope({ list: [], total: 0 }));
    renderShell();
    expect(screen.queryByText('A new version is available.')).not.toBeInTheDocument();
    act(() => useUpdate.setState({ ready: true, apply }));
    expect(screen.getByText('A new version is available.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
