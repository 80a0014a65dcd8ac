import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClient } from '@/api/client';
import { useSessionStore } from '@/lib/session';
import { GroupTable, onOneMap } from './group-table';
import { ScheduleTable } from './schedule-table';
import { readIn } from '@/test/i18n';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ message: { code: 0, message: 'ok' }, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

const schedule = (name: string, repeat: number[], extra: object = {}) => ({
  name, mapName: 'office-3F', taskList: ['Corridor'], startTime: '08:30', endTime: '10:00', repeat, isActive: true,
  nextRun: null, elevatorId: null, elevatorName: null, floors: null, ...extra,
});
const ANSWERS: Record<string, unknown> = {
  '/api/task/schedules': [schedule('Mondays', [1, 3]), schedule('Tuesdays', [2]), schedule('Paused', [1], { isActive: false })],
  '/api/task/state': { state: 'idle', queue: [], pausedFor: [], robotTime: '2026-11-23T07:00:00+00:00' }, // a Monday
  '/api/task/list': [
    { taskName: 'Corridor', mapName: 'office-3F', area: [], cleanMode: 'clean', taskMode: 'normal', pathType: 'bow', speed: 'middle', hardFloor: true },
    { taskName: 'Second', mapName: 'office-3F', area: [], cleanMode: 'clean', taskMode: 'normal', pathType: 'bow', speed: 'middle', hardFloor: true },
    { taskName: 'Entrance', mapName: 'lobby-hall', area: [], cleanMode: 'clean', taskMode: 'normal', pathType: 'bow', speed: 'middle', hardFloor: true },
  ],
  '/api/task/groups': [{ groupName: 'Floor 3', taskList: ['Corridor'], groupType: 2 }],
};
const fetchMock = vi.fn<typeof fetch>();
const sent = (path: string) =>
  fetchMock.mock.calls.filter(([p]) => String(p) === path).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

beforeAll(() => readIn('en'));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path) => envelope(ANSWERS[String(path)] ?? { deviceId: 5, name: 'x' }));
  vi.stubGlobal('fetch', fetchMock);
  configureClient({ getSession: () => ({ token: 'tok', account: 'admin', actingUserId: 1 }), notifyError: vi.fn<(text: string, seconds: number) => void>() });
  const keys = ['device/taskList', 'device/taskList/add', 'device/taskList/edit', 'device/taskList/run', 'device/taskList/delete'];
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderIn(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

const MAP = { mapName: 'office-3F', current: true, resolution: 0.05, origin: [0, 0], width: 640, height: 400, area: 0, floor: '' };

describe('the scheduled tasks table', () => {
  it('offers "skip today" only on the schedule’s days (robot’s clock) and says why not', async () => {
    renderIn(<ScheduleTable deviceId={5} map={MAP} />);
    const tuesdays = await screen.findByTestId('skip-today-Tuesdays', {}, SLOW);
    await waitFor(() => expect(tuesdays).toBeDisabled(), SLOW);
    expect(tuesdays).toHaveAttribute('aria-description', expect.stringContaining('It does not run today (Mon 2026-11-23'));
    expect(screen.getByTestId('skip-today-Paused')).toBeDisabled();
    expect(screen.getByTestId('skip-today-Paused')).toHaveAttribute('aria-description', 'The schedule is off: there is no run to skip');
    const mondays = screen.getByTestId('skip-today-Mondays');
    expect(mondays).toBeEnabled();
    fireEvent.click(mondays);
    await waitFor(() => expect(sent('/api/task/scheduleCancelToday')).toEqual([{ deviceId: 5, name: 'Mondays' }]), SLOW);
  }, TEST_TIMEOUT);

  it('edits a schedule in the creating form, prefilled, and saves it as an edit', async () => {
    renderIn(<ScheduleTable deviceId={5} map={MAP} />);
    fireEvent.click(await screen.findByTestId('edit-schedule-Tuesdays', {}, SLOW));
    const form = await screen.findByTestId('schedule-form', {}, SLOW);
    expect(within(form).getByTestId('schedule-name')).toHaveValue('Tuesdays');
    expect(within(form).getByTestId('schedule-name')).toBeDisabled();
    expect(within(form).getByTestId('schedule-start').querySelector('input') ?? within(form).getByTestId('schedule-start')).toHaveValue('08:30');
    expect(screen.getByText('Edit the scheduled task Tuesdays')).toBeInTheDocument();
    const tuesday = within(within(form).getByTestId('schedule-days')).getByLabelText('Tue');
    expect(tuesday).toBeChecked();
    fireEvent.click(within(within(form).getByTestId('schedule-days')).getByLabelText('Fri'));
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(sent('/api/task/scheduleSave')).toHaveLength(1), SLOW);
    expect(sent('/api/task/scheduleSave')[0]).toEqual({
      deviceId: 5, name: 'Tuesdays', mapName: 'office-3F', taskList: ['Corridor'], startTime: '08:30', endTime: '10:00', repeat: [2, 5], isActive: true, edit: true,
    });
  }, TEST_TIMEOUT);
});

describe('the task groups table', () => {
  it('shows each group’s type and offers the types when adding one', async () => {
    renderIn(<GroupTable deviceId={5} />);
    expect(await screen.findByTestId('group-type-Floor 3', {}, SLOW)).toHaveTextContent('Same map');
    fireEvent.click(screen.getByRole('button', { name: /add a task group/i }));
    const form = await screen.findByTestId('group-form', {}, SLOW);
    expect(within(form).getByText('Ordinary')).toBeInTheDocument();
    fireEvent.mouseDown(within(form).getByTestId('group-type').querySelector('.ant-select-selector') ?? within(form).getByTestId('group-type'));
    for (const label of ['Same project', 'Same map', 'Same building']) expect(await screen.findByTitle(label, {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);
});

describe('a task group’s map', () => {
  const tasks = ANSWERS['/api/task/list'] as { taskName: string; mapName: string }[];
  it('is one: tasks on two maps cannot be grouped', () => {
    expect(onOneMap(['Corridor', 'Second'], tasks)).toBe(true);
    expect(onOneMap(['Corridor', 'Entrance'], tasks)).toBe(false);
  });
});
