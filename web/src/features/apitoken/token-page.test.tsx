import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import TokenPage from './token-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();

const ROW = {
  id: 7, name: 'BI export', prefix: 'cft_0123456789ab', keys: ['elevator/index', 'log'], lostKeys: ['log'], userId: 1,
  account: 'admin', createdAt: '2026-01-02T03:04:00+00:00', expiresAt: '2026-04-02T03:04:00+00:00', lastUsedAt: null,
  expired: false,
};
const KEYS = {
  maxDays: 365,
  maxTokens: 50,
  list: [
    { key: 'elevator/index', name: 'Elevators', kind: 'page', group: 'other', page: 'elevator/index', personOnly: false },
    { key: 'elevator/index/add', name: 'Elevators: add', kind: 'button', group: 'other', page: 'elevator/index', personOnly: false },
  ],
};
const SECRET = 'cft_0123456789ab_secret-secret-secret-secret-secret-secret';

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

const renderPage = () =>
  renderWithClient(
    <MemoryRouter initialEntries={['/integration/token']}>
      <TokenPage />
    </MemoryRouter>,
  );

beforeAll(() => readIn('en'));

beforeEach(() => {
  signInWith('integration/token', 'integration/token/add', 'integration/token/delete');
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/integration/token/list') return envelope({ list: [ROW], total: 1, pageNum: 1, pageSize: 20 });
    if (url === '/api/integration/token/keys') return envelope(KEYS);
    if (url === '/api/integration/token/insert') return envelope({ ...ROW, id: 8, name: 'Facility', token: SECRET, lostKeys: [] });
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the API tokens page', () => {
  it('lists each token with its public start, creator, keys, lost keys and when it was last used', async () => {
    renderPage();
    const row = (await screen.findByText('BI export', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('cft_0123456789ab…');
    expect(row).toHaveTextContent('#7'); // the id the operation log names it by
    expect(row).toHaveTextContent('2 keys');
    expect(row).toHaveTextContent('1 key lost');
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('secret');
  }, TEST_TIMEOUT);

  it('creates a token with a name, a preset expiry and a read key, then shows it once', async () => {
    renderPage();
    await screen.findByText('BI export', {}, SLOW);
    fireEvent.click(screen.getByTestId('add-token'));
    fireEvent.change(await screen.findByTestId('token-name', {}, SLOW), { target: { value: 'Facility' } });
    fireEvent.click(screen.getByText('30 days'));
    fireEvent.click(await screen.findByTestId('token-key:elevator/index', {}, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesTo('/api/integration/token/insert')).toHaveLength(1), SLOW);
    const body = bodiesTo('/api/integration/token/insert')[0] as { name: string; keys: string[]; expiresAt: string };
    expect(body.name).toBe('Facility');
    expect(body.keys).toEqual(['elevator/index']);
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await screen.findByTestId('token-secret', {}, SLOW)).toHaveTextContent(SECRET);
    expect(screen.getByText('Copy the token now: it will not be shown again.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('token-shown-done'));
    await waitFor(() => expect(screen.queryByTestId('token-secret')).not.toBeInTheDocument(), SLOW);
  }, TEST_TIMEOUT);

  it('shows the keys only a person may use disabled, with the reason, and never sends them', async () => {
    const withPersonOnly = {
      ...KEYS,
      list: [
        ...KEYS.list,
        { key: 'user/index', name: 'Users', kind: 'page', group: 'user', page: 'user/index', personOnly: false },
        { key: 'user/index/add', name: 'Users: add', kind: 'button', group: 'user', page: 'user/index', personOnly: true },
      ],
    };
    fetchMock.mockImplementation(async (path) => {
      const url = String(path);
      if (url === '/api/integration/token/list') return envelope({ list: [ROW], total: 1, pageNum: 1, pageSize: 20 });
      if (url === '/api/integration/token/keys') return envelope(withPersonOnly);
      if (url === '/api/integration/token/insert') return envelope({ ...ROW, id: 8, name: 'Users', token: SECRET, lostKeys: [] });
      return envelope(null);
    });
    renderPage();
    await screen.findByText('BI export', {}, SLOW);
    fireEvent.click(screen.getByTestId('add-token'));
    fireEvent.change(await screen.findByTestId('token-name', {}, SLOW), { target: { value: 'Users' } });
    const page = await screen.findByTestId('token-key:user/index', {}, SLOW);
    fireEvent.click(page.closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher')!);
    const add = await screen.findByTestId('token-key:user/index/add', {}, SLOW);
    expect(add).toHaveTextContent('Needs a person');
    const node = add.closest('.ant-tree-treenode')!;
    expect(node.querySelector('.ant-tree-checkbox-disabled')).not.toBeNull();
    // The tree's expand motion may swap the node for a fresh one once it ends: hover what is on screen now, with
    // pauses longer than the tooltip's delay so a hover is not reset before it opens.
    await waitFor(() => {
      if (screen.queryByText(/A token never gets this key/) === null) {
        fireEvent.mouseEnter(screen.getByTestId('token-key:user/index/add'));
      }
      expect(screen.getByText(/A token never gets this key/)).toBeInTheDocument();
    }, { ...SLOW, interval: 300 });
    fireEvent.click(screen.getByTestId('token-key:user/index/add'));
    fireEvent.click(page);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(bodiesTo('/api/integration/token/insert')).toHaveLength(1), SLOW);
    expect((bodiesTo('/api/integration/token/insert')[0] as { keys: string[] }).keys).toEqual(['user/index']);
  }, TEST_TIMEOUT);

  it('refuses to create without a key, naming the field', async () => {
    renderPage();
    await screen.findByText('BI export', {}, SLOW);
    fireEvent.click(screen.getByTestId('add-token'));
    fireEvent.change(await screen.findByTestId('token-name', {}, SLOW), { target: { value: 'Nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Choose at least one key.', {}, SLOW)).toBeInTheDocument();
    expect(bodiesTo('/api/integration/token/insert')).toHaveLength(0);
  }, TEST_TIMEOUT);

  it('revokes a token after confirmation', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('revoke-token-BI export', {}, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }, SLOW));
    await waitFor(() => expect(bodiesTo('/api/integration/token/delete')).toEqual([{ id: 7 }]), SLOW);
    expect(await screen.findByText('Token revoked.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);

  it('hides the buttons a user lacks the keys for, and says when there is no token', async () => {
    signInWith('integration/token');
    fetchMock.mockImplementation(async () => envelope({ list: [], total: 0, pageNum: 1, pageSize: 20 }));
    renderPage();
    expect(await screen.findByText('No API tokens yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('add-token')).not.toBeInTheDocument();
  }, TEST_TIMEOUT);
});
