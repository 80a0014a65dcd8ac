import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import type { SiteDetail } from '../api/sites';
import { HeatmapPanel, siteFloors } from './heatmap-panel';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

async function deflated(bytes: Uint8Array): Promise<string> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const reader = stream.readable.getReader();
  const parts: number[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(...value);
  }
  return btoa(String.fromCharCode(...parts));
}

const ROBOT = { deviceId: 45, deviceCode: 'Ward robot', deviceSerialNumber: 'CF3-0009' };
const floor = (floorId: number, floorName: string, maps: number) => ({
  floorId, buildingId: 5, floorName, level: floorId, elevators: [],
  maps: Array.from({ length: maps }, (_, i) => ({ ...ROBOT, mapName: `ward-${i}` })),
});
const SITE = {
  siteId: 7, siteName: 'City Hospital', address: '', timeZone: 'Europe/Paris', userId: 3, userName: 'Hospital group',
  buildingCount: 2, floorCount: 3, robotCount: 1, planItemCount: 0, createTime: '', updateTime: '', robots: [],
  buildings: [
    { buildingId: 5, siteId: 7, buildingName: 'Main', floors: [floor(11, '2F', 1), floor(12, 'Roof', 0)] },
    { buildingId: 6, siteId: 7, buildingName: 'Annex', floors: [floor(13, 'G', 1)] },
  ],
} as SiteDetail;

/** A 4 × 2 layer: south row cleaned 1, 3, 0, 2 times; cell 2 and cell 5 (north row) never reached. */
async function layer(runs = 3) {
  const counts = [1, 3, 0, 2, 0, 0, 0, 0];
  const raw = new Uint8Array(16);
  counts.forEach((c, i) => (raw[i * 2] = c));
  return {
    mapName: 'ward-0', robots: [ROBOT], cell: 0.5, originX: -5, originY: -3, width: 4, height: 2,
    mapResolution: 0.05, mapWidth: 40, mapHeight: 20, runs, days: 2, skippedDays: 0, maxCount: 3,
    counts: await deflated(raw), cleanedCells: 3, cleanedArea: 0.75, targetedCells: 5,
    neverReached: await deflated(new Uint8Array([0b0010_0100])), neverReachedCells: 2, neverReachedArea: 0.5,
  };
}
const answer = async (runs = 3) => ({
  siteId: 7, floorId: 11, timeZone: 'Europe/Paris', startDay: '2026-10-26', endDay: '2026-11-24', days: 30,
  neverReachedBasis: 'run_plans', layers: [await layer(runs)],
});

const { fetchMock, notifyError, bodiesTo } = fakeServer();
let reply: (body: Record<string, unknown>) => Promise<Response>;

beforeAll(() => readIn('en'));

beforeEach(() => {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: { 'site/index': true } },
  });
  // jsdom draws nothing: the canvas is there with its label, its pixels are the lib's (heat-cells.test.ts)
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  reply = async () => envelope(await answer());
  fetchMock.mockImplementation(async (path, init) => {
    if (String(path) === '/api/site/coverage/floor') return reply(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return envelope([]);
  });
});

afterEach(() => {
  useSessionStore.setState({ token: null, user: null });
  vi.restoreAllMocks();
});

describe('the heat map panel', () => {
  it('draws the first floor with maps over the last 30 days: figures, a text legend and a labelled canvas', async () => {
    renderWithClient(<HeatmapPanel floors={siteFloors(SITE)} timeZone="Europe/Paris" />);
    const map = await screen.findByTestId('heatmap-layer-ward-0', {}, SLOW);
    expect(bodiesTo('/api/site/coverage/floor')[0]).toEqual({ floorId: 11, startDay: null, endDay: null });
    expect(within(map).getByTestId('heatmap-runs')).toHaveTextContent('3');
    expect(within(map).getByTestId('heatmap-days')).toHaveTextContent('2 / 30');
    expect(within(map).getByTestId('heatmap-cleaned')).toHaveTextContent('0.8 m²');
    expect(within(map).getByTestId('heatmap-never')).toHaveTextContent('0.5 m²');
    expect(screen.getByTestId('heatmap-range')).toHaveTextContent('2026-10-26 – 2026-11-24 · 30 days');
    const legend = within(map).getByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent('Not cleaned');
    expect(legend).toHaveTextContent('Cleaned 1 to 3 times');
    expect(legend).toHaveTextContent('Never reached');
    const canvas = within(map).getByRole('img', { name: /^Heat map of the map ward-0\./ });
    expect(canvas).toHaveAccessibleName(
      'Heat map of the map ward-0. Runs: 3. Days with runs: 2. Cleaned: 0.8 m². Never reached: 0.5 m². Most times one cell was cleaned: 3.',
    );
    // the map picture needs the device, maps and remote control keys: without them, the cells alone, said so
    expect(within(map).getByTestId('heatmap-picture-note')).toHaveAttribute('data-state', 'noAccess');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/site/coverage/floor']);
  }, TEST_TIMEOUT);

  it('hides the never-reached cells and their legend when asked', async () => {
    renderWithClient(<HeatmapPanel floors={siteFloors(SITE)} timeZone="Europe/Paris" />);
    const legend = await screen.findByTestId('heatmap-legend', {}, SLOW);
    expect(legend).toHaveTextContent('Never reached');
    fireEvent.click(screen.getByRole('switch', { name: 'Show never reached' }));
    expect(screen.getByTestId('heatmap-legend')).not.toHaveTextContent('Never reached');
  }, TEST_TIMEOUT);

  it('says when no run touched the floor in the period, and when a floor has no map', async () => {
    reply = async () => envelope(await answer(0));
    renderWithClient(<HeatmapPanel floors={siteFloors(SITE)} timeZone="Europe/Paris" />);
    expect(await screen.findByTestId('heatmap-empty', {}, SLOW)).toHaveTextContent('No run on this floor in the period');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Floor' }));
    fireEvent.click(await screen.findByTitle('Roof'));
    expect(await screen.findByTestId('heatmap-no-maps', {}, SLOW)).toHaveTextContent('No map is tied to this floor');
    expect(bodiesTo('/api/site/coverage/floor').map((b) => b.floorId)).toEqual([11]);
  }, TEST_TIMEOUT);

  it('reads another building’s floor', async () => {
    renderWithClient(<HeatmapPanel floors={siteFloors(SITE)} timeZone="Europe/Paris" />);
    await screen.findByTestId('heatmap-layer-ward-0', {}, SLOW);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Building' }));
    fireEvent.click(await screen.findByTitle('Annex'));
    await waitFor(() => expect(bodiesTo('/api/site/coverage/floor').at(-1)).toEqual({ floorId: 13, startDay: null, endDay: null }), SLOW);
  }, TEST_TIMEOUT);

  it('shows the server’s refusal of the period under the period picker, not as a toast', async () => {
    reply = async () => envelope(null, 10001, 'The period may span at most 92 days', 'startDay');
    renderWithClient(<HeatmapPanel floors={siteFloors(SITE)} timeZone="Europe/Paris" initialRange={['2026-01-01', '2026-06-30']} />);
    expect(await screen.findByTestId('heatmap-period-error', {}, SLOW)).toHaveTextContent('The period may span at most 92 days');
    expect(bodiesTo('/api/site/coverage/floor')[0]).toEqual({ floorId: 11, startDay: '2026-01-01', endDay: '2026-06-30' });
    await new Promise((done) => setTimeout(done, 10));
    expect(notifyError).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('says the heat map could not be loaded when the server fails, and tries again', async () => {
    reply = async () => envelope(null, 10500, 'Server busy');
    renderWithClient(<HeatmapPanel floors={siteFloors(SITE)} timeZone="Europe/Paris" />);
    expect(await screen.findByText('The heat map could not be loaded', {}, SLOW)).toBeInTheDocument();
    reply = async () => envelope(await answer());
    fireEvent.click(screen.getByTestId('retry'));
    expect(await screen.findByTestId('heatmap-layer-ward-0', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('says a site without floors has nothing to draw', () => {
    renderWithClient(<HeatmapPanel floors={[]} timeZone="Europe/Paris" />);
    expect(screen.getByTestId('heatmap-no-floors')).toHaveTextContent('This site has no floor yet');
  });
});
