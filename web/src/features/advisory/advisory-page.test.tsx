import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import AdvisoryPage from './advisory-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 60_000;
const { fetchMock, bodiesTo } = fakeServer();

const ADVISORY = {
  id: 3, osvId: 'GHSA-aaaa-bbbb', summary: 'libfoo overflow', details: '', aliases: ['CVE-2026-0001'], modified: '',
  packages: [{ ecosystem: 'Debian', name: 'libfoo', purl: 'pkg:generic/libfoo' }], fixedVersions: ['1.2.4'],
  createTime: '2026-11-01T08:00:00Z', updateTime: '2026-11-01T08:00:00Z', affectedVersions: 1, affectedRobots: 2,
};
const DETAIL = {
  ...ADVISORY,
  versions: [{ versionId: 11, name: 'Scrubber FW', version: 'FW-3.4.1', robots: 2, fixedBy: [12], components: [{ name: 'libfoo', version: '1.2.0', purl: 'pkg:generic/libfoo@1.2.0', group: '' }] }],
  fixedFirmware: [{ versionId: 12, name: 'Scrubber FW fixed', version: 'FW-3.5.0', enabled: true }],
  withoutSbom: 0, robotCount: 2,
  robots: [
    { deviceId: 1, deviceSerialNumber: 'SN-0001', deviceName: 'Lobby', firmwareVersion: 'FW-3.4.1', versionId: 11 },
    { deviceId: 2, deviceSerialNumber: 'SN-0002', deviceName: 'Gate 4', firmwareVersion: 'FW-3.4.1', versionId: 11 },
  ],
};
const SBOMS = [
  { versionId: 12, name: 'Scrubber FW fixed', version: 'FW-3.5.0', hasSbom: true, fileName: 'bom.json', specVersion: '1.6', componentCount: 1, createTime: '2026-11-01T08:00:00Z' },
  { versionId: 13, name: 'Old FW', version: 'FW-1.0.0', hasSbom: false, fileName: '', specVersion: '', componentCount: 0, createTime: '' },
];

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

function renderPage() {
  return renderWithClient(
    <MemoryRouter initialEntries={['/version/advisory']}>
      <AdvisoryPage />
    </MemoryRouter>,
  );
}

let list = [ADVISORY];
let detail: typeof DETAIL = DETAIL;

beforeAll(() => readIn('en'));

beforeEach(() => {
  list = [ADVISORY];
  detail = DETAIL;
  signInWith('version/advisory', 'version/advisory/import', 'version/advisory/update', 'version/advisory/sbom', 'version/advisory/delete');
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/advisory/list') return envelope(list);
    if (url === '/api/advisory/affected') return envelope(detail);
    if (url === '/api/advisory/update') return envelope({ publicId: 40, robots: 2 });
    if (url === '/api/advisory/sbom/list') return envelope(SBOMS);
    if (url === '/api/advisory/sbom/get') return envelope({ ...SBOMS[0], components: [{ name: 'libfoo', version: '1.2.4', purl: 'pkg:generic/libfoo@1.2.4', group: '' }] });
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the advisories page', () => {
  it('lists each advisory with its components and how many of my robots it affects', async () => {
    renderPage();
    const row = (await screen.findByText('GHSA-aaaa-bbbb', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('libfoo overflow');
    expect(row).toHaveTextContent('CVE-2026-0001');
    expect(within(row).getByTestId('advisory-robots-GHSA-aaaa-bbbb')).toHaveTextContent('2');
  }, TEST_TIMEOUT);

  it('shows the empty state', async () => {
    list = [];
    renderPage();
    expect(await screen.findByText('No advisories yet. Import one in OSV format (JSON).', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('shows the affected versions and robots, and starts the update only after confirming', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('open-GHSA-aaaa-bbbb', {}, SLOW));
    const drawer = await screen.findByTestId('advisory-drawer', {}, SLOW);
    expect(await within(drawer).findByText('libfoo 1.2.0', {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).getByText('Scrubber FW (FW-3.4.1)')).toBeInTheDocument();
    const robots = within(drawer).getByTestId('affected-robots');
    expect(robots).toHaveTextContent('SN-0001');
    expect(robots).toHaveTextContent('SN-0002');
    expect(within(drawer).getByTestId('advisory-update')).toBeDisabled();
    fireEvent.click(within(robots).getAllByRole('checkbox')[0]!); // select all
    await waitFor(() => expect(within(drawer).getByTestId('advisory-update')).toBeEnabled());
    fireEvent.click(within(drawer).getByTestId('advisory-update'));
    expect((await screen.findAllByText('Update the selected robots to FW-3.5.0?', {}, SLOW)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Robots: 2\./).length).toBeGreaterThan(0);
    expect(bodiesTo('/api/advisory/update')).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Start update' }).at(-1)!);
    await waitFor(() => expect(bodiesTo('/api/advisory/update')).toEqual([{ id: 3, versionId: 12, deviceSerialNumbers: ['SN-0001', 'SN-0002'] }]), SLOW);
  }, TEST_TIMEOUT);

  it('says so when none of my robots is affected', async () => {
    detail = { ...DETAIL, versions: [], robots: [], robotCount: 0 };
    renderPage();
    fireEvent.click(await screen.findByTestId('open-GHSA-aaaa-bbbb', {}, SLOW));
    expect(await screen.findByTestId('no-robots', {}, SLOW)).toHaveTextContent('None of your robots runs an affected version.');
    expect(screen.getByTestId('none-affected')).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('offers no update to a reader without the update key', async () => {
    signInWith('version/advisory');
    renderPage();
    expect(screen.queryByTestId('import-advisory')).toBeNull();
    fireEvent.click(await screen.findByTestId('open-GHSA-aaaa-bbbb', {}, SLOW));
    const drawer = await screen.findByTestId('advisory-drawer', {}, SLOW);
    expect(await within(drawer).findByText('SN-0001', {}, SLOW)).toBeInTheDocument();
    expect(within(drawer).queryByTestId('advisory-update')).toBeNull();
  }, TEST_TIMEOUT);

  it('lists the firmware SBOMs and shows a firmware\'s components', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Firmware SBOMs' }, SLOW));
    const row = (await screen.findByText('Old FW', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('No SBOM');
    fireEvent.click(await screen.findByTestId('sbom-view-12', {}, SLOW));
    const dialog = await screen.findByTestId('sbom-components', {}, SLOW);
    expect(await within(dialog).findByText('pkg:generic/libfoo@1.2.4', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/advisory/sbom/get')).toEqual([{ versionId: 12 }]);
  }, TEST_TIMEOUT);
});
