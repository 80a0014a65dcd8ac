import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import { useSessionStore } from '@/lib/session';
import { MapEditor } from './map-editor';
import { readIn } from '@/test/i18n';

// The canvas: jsdom draws nothing, so the stage is a box whose clicks land on the next point of `clicks`.
const stage = vi.hoisted(() => ({ clicks: [] as { x: number; y: number }[] }));
vi.mock('react-konva', () => {
  const node = {
    getStage: () => node,
    getRelativePointerPosition: () => stage.clicks.shift() ?? { x: 0, y: 0 },
  };
  return {
    Stage: ({ children, onClick }: { children?: ReactNode; onClick: (event: unknown) => void }) => (
      <div>
        <button type="button" aria-label="map" data-testid="konva-stage" onClick={() => onClick({ target: node, evt: {} })} />
        {children}
      </div>
    ),
    Layer: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
    Group: ({ children }: { children?: ReactNode }) => <div>{children}</div>,
    Line: () => null,
    Circle: () => null,
    Text: () => null,
    Image: () => null,
  };
});

// The robot through the relay: its map, and its refusal of a save while a task runs (code 5).
const robot = vi.hoisted(() => ({ saves: 0, infoReads: 0 }));
vi.mock('@/api/relay', async (original) => {
  const actual = await original<typeof import('@/api/relay')>();
  return {
    ...actual,
    relayBlob: () => Promise.resolve(new Blob(['png'], { type: 'image/png' })),
    relayCall: (_target: unknown, path: string) => {
      if (path === 'api2/map_info') {
        robot.infoReads += 1; // each read finds a newer version (the robot cleaned noise, another console saved)
        return Promise.resolve({ code: 0, map_name: 'office-3F', resolution: 0.05, origin: [0, 0], width: 200, height: 200, version: robot.infoReads, flags: [], virlines_wall: [], forbidden_zone: [], free_area: [] });
      }
      robot.saves += 1;
      return Promise.reject(new actual.RobotRefusal(5, 'a task is running on this map: stop all tasks first', 200));
    },
  };
});

const SLOW = { timeout: 10_000 };
const envelope = (code: number, data: unknown = null, message = 'ok') =>
  new Response(JSON.stringify({ message: { code, message }, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const stateOf = (taskName: string) => ({
  state: taskName ? 'working' : 'idle', mode: '', taskName, mapName: taskName ? 'office-3F' : '', progress: 10, cleanedArea: 1,
  workArea: 20, elapsedS: 5, queue: [], pausedFor: [], startTime: '', elevator: null, robotTime: null,
});

let running = 'Night round';
const fetchMock = vi.fn<typeof fetch>();
const cancels = () => fetchMock.mock.calls.filter(([path]) => String(path) === '/api/task/cancel').length;

beforeAll(() => readIn('en'));

beforeEach(() => {
  running = 'Night round';
  robot.saves = 0;
  robot.infoReads = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path) => {
    if (String(path) === '/api/task/cancel') running = '';
    return envelope(0, stateOf(running));
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 200, height: 200, close: () => undefined }));
  configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError: () => undefined });
  useSessionStore.setState({
    token: 'tok',
    user: {
      userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en',
      permissionKeys: { 'device/taskList': true, 'device/taskList/run': true },
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, user: null });
});

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <MapEditor target={{ deviceId: 7, port: 20001 }} name="office-3F" onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
  return client;
}

describe('the map editor', () => {
  it("hints name the buttons by the labels they show", async () => {
    renderEditor();
    await screen.findByTestId('map-editor', {}, SLOW);
    expect(screen.getByTestId('editor-hint')).toHaveTextContent(`"${screen.getByTestId('editor-fit').textContent}"`);
    fireEvent.click(screen.getByTestId('editor-tool-zone'));
    const finish = screen.getByTestId('editor-finish').textContent ?? '';
    expect(finish).toBe('Finish shape');
    expect(screen.getByTestId('editor-hint')).toHaveTextContent(`"${finish}"`);
  }, 30_000);
});

describe('the map editor while a task runs', () => {
  it('names the running task when it opens and stops all tasks after a confirmation', async () => {
    renderEditor();
    const banner = await screen.findByTestId('editor-running', {}, SLOW);
    expect(banner).toHaveTextContent('The task Night round is running on this map');
    fireEvent.click(screen.getByTestId('editor-stop-tasks'));
    expect(cancels()).toBe(0); // asked first
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Stop all tasks' })).toHaveLength(2), SLOW);
    const confirm = screen.getAllByRole('button', { name: 'Stop all tasks' }).find((button) => button.closest('.ant-modal-confirm'));
    fireEvent.click(confirm!);
    await waitFor(() => expect(cancels()).toBe(1), SLOW);
    await waitFor(() => expect(screen.queryByTestId('editor-running')).not.toBeInTheDocument(), SLOW);
  }, 30_000);

  it('keeps the drawing when the robot refuses the save', async () => {
    const client = renderEditor();
    const editor = await screen.findByTestId('map-editor', {}, SLOW);
    fireEvent.click(screen.getByTestId('editor-tool-zone'));
    stage.clicks = [{ x: 20, y: 20 }, { x: 100, y: 20 }, { x: 100, y: 100 }];
    for (let i = 0; i < 3; i += 1) fireEvent.click(screen.getByTestId('konva-stage'));
    fireEvent.click(screen.getByTestId('editor-finish'));
    expect(editor).toHaveAttribute('data-zones', '1');

    fireEvent.click(screen.getByTestId('editor-save'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    await waitFor(() => expect(robot.saves).toBe(1), SLOW);
    expect(await screen.findByText('A task is running: stop all tasks first', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('map-editor')).toHaveAttribute('data-zones', '1');
    // The user goes to the task list to stop the task and comes back: the editor is not redrawn from the robot.
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(client.isFetching()).toBe(0), SLOW);
    expect(robot.infoReads).toBe(1);
    expect(screen.getByTestId('map-editor')).toHaveAttribute('data-zones', '1');
    expect(screen.getByTestId('editor-undo')).toBeEnabled(); // the history too
    act(() => focusManager.setFocused(undefined));
  }, 30_000);
});
