import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import type { DeviceUpdate } from '@/api/realtime';
import { useSessionStore } from '@/lib/session';
import { LiveWork } from './live-work';
import { readIn } from '@/test/i18n';

// The live socket: the test plays the robot's heartbeats.
const live = vi.hoisted(() => ({ devices: null as ((updates: DeviceUpdate[]) => void) | null }));
vi.mock('@/lib/live/connection', () => ({
  useLiveEvent: (type: string, listener: (updates: DeviceUpdate[]) => void) => {
    if (type === 'devices') live.devices = listener;
  },
}));

const ROBOT = 'CF3-0005 (SN-5)';
const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const envelope = (code: number, data: unknown = null, message = 'ok') =>
  new Response(JSON.stringify({ message: { code, message }, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

const working = { state: 'working', taskName: 'Lobby', mapName: '', progress: 10, cleanedArea: 1, workArea: 20, elapsedS: 5, queue: [], pausedFor: [], startTime: '' };

/** The server: the robot's state, and each command's answer as the test sets it (default: accepted). */
let answers: Record<string, () => Promise<Response>> = {};
const fetchMock = vi.fn<typeof fetch>();
const notifyError = vi.fn<(text: string, seconds: number) => void>();
const sentPaths = () => fetchMock.mock.calls.map(([path]) => String(path)).filter((p) => p !== '/api/task/state');

beforeAll(() => readIn('en'));

beforeEach(() => {
  answers = {};
  live.devices = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path) => {
    const answer = answers[String(path)];
    if (answer) return answer();
    return envelope(0, working);
  });
  notifyError.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError });
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { 'device/taskList/run': true } },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useSessionStore.setState({ token: null, user: null });
});

async function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <LiveWork deviceId={5} maps={[]} robot={ROBOT} />
      </App>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId('live-state')).toHaveTextContent('Working'), SLOW);
}

/** A promise the test settles when it chooses (the server's answer still on its way until then). */
function deferred<T>() {
  const settle: { resolve?: (value: T) => void } = {};
  const promise = new Promise<T>((done) => {
    settle.resolve = done;
  });
  return { promise, resolve: (value: T) => settle.resolve?.(value) };
}

/** A heartbeat of the robot, as the live socket pushes it. */
function heartbeat(update: Partial<DeviceUpdate>) {
  act(() => live.devices?.([{ deviceId: 5, deviceSerialNumber: 'SN-5', online: 1, ...update }]));
}

const messages = () => Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

describe('task commands: what happened is said at once and when the robot confirms', () => {
  it('Pause shows "Pausing…" at once, and "Paused" once the robot\'s state says so', async () => {
    const answer = deferred<Response>();
    answers['/api/task/pause'] = () => answer.promise;
    await renderCard();
    fireEvent.click(screen.getByTestId('task-pause'));
    // before the server answers: the pending tag, the button loading
    await waitFor(() => expect(screen.getByTestId('task-pending')).toHaveTextContent('Pausing…'));
    expect(screen.getByTestId('task-pause')).toHaveClass('ant-btn-loading');
    await waitFor(() => expect(sentPaths()).toEqual(['/api/task/pause']));
    act(() => answer.resolve(envelope(0, { ...working, state: 'paused' })));
    // accepted: still waiting for the robot's own state
    await waitFor(() => expect(screen.getByTestId('task-pause')).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByTestId('task-pending')).toHaveTextContent('Pausing…');
    expect(messages()).toEqual([]);
    heartbeat({ state: 'paused' });
    await waitFor(() => expect(messages()).toEqual(['Paused']), SLOW);
    expect(screen.queryByTestId('task-pending')).toBeNull();
    expect(screen.getByTestId('live-state')).toHaveTextContent('Paused');
  }, TEST_TIMEOUT);

  it('a refusal shows the server\'s reason and ends the pending tag', async () => {
    answers['/api/task/pause'] = async () => envelope(40010, null, 'The robot refused: manual mode is on');
    await renderCard();
    fireEvent.click(screen.getByTestId('task-pause'));
    expect(screen.getByTestId('task-pending')).toHaveTextContent('Pausing…');
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('The robot refused: manual mode is on', 5), SLOW);
    await waitFor(() => expect(screen.queryByTestId('task-pending')).toBeNull());
    expect(screen.getByTestId('live-state')).toHaveTextContent('Working');
    expect(messages()).toEqual([]);
  }, TEST_TIMEOUT);

  it('says when the robot has not confirmed within 15 s, and still says "Paused" when it does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderCard();
    fireEvent.click(screen.getByTestId('task-pause'));
    await waitFor(() => expect(screen.getByTestId('task-pause')).not.toHaveClass('ant-btn-loading'), SLOW);
    expect(messages()).toEqual([]);
    act(() => vi.advanceTimersByTime(15_000));
    await waitFor(() => expect(messages()).toEqual(['The robot has not confirmed yet']), SLOW);
    expect(screen.getByTestId('task-pending')).toHaveTextContent('Pausing…');
    heartbeat({ state: 'paused' });
    await waitFor(() => expect(messages()).toContain('Paused'), SLOW);
    expect(screen.queryByTestId('task-pending')).toBeNull();
  }, TEST_TIMEOUT);

  it('"Cancel all tasks" asks first, naming the robot; "Don\'t cancel" sends nothing', async () => {
    await renderCard();
    fireEvent.click(screen.getByTestId('task-cancel-all'));
    const question = await screen.findByText((text) => text.startsWith('Cancel all tasks of'), {}, SLOW);
    expect(question.textContent).toBe(`Cancel all tasks of \u2068${ROBOT}\u2069?`);
    fireEvent.click(screen.getByRole('button', { name: "Don't cancel" }));
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull(), SLOW);
    expect(sentPaths()).toEqual([]);
    expect(screen.queryByTestId('task-pending')).toBeNull();

    fireEvent.click(screen.getByTestId('task-cancel-all'));
    const popover = await waitFor(() => {
      const open = document.querySelector('.ant-popover:not(.ant-popover-hidden)');
      expect(open).not.toBeNull();
      return open as HTMLElement;
    }, SLOW);
    fireEvent.click(popover.querySelector('.ant-btn-dangerous') as HTMLElement);
    await waitFor(() => expect(sentPaths()).toEqual(['/api/task/cancel']), SLOW);
    expect(screen.getByTestId('task-pending')).toHaveTextContent('Cancelling all tasks…');
    heartbeat({ state: 'returning', task: '' });
    await waitFor(() => expect(messages()).toEqual(['All tasks cancelled']), SLOW);
  }, TEST_TIMEOUT);

  it('"Cancel this task" asks first, naming the task and the robot', async () => {
    await renderCard();
    fireEvent.click(screen.getByTestId('task-cancel-one'));
    expect(await screen.findByText(`Cancel the task "\u2068Lobby\u2069" on \u2068${ROBOT}\u2069?`, {}, SLOW)).toBeInTheDocument();
    expect(sentPaths()).toEqual([]);
  }, TEST_TIMEOUT);
});
