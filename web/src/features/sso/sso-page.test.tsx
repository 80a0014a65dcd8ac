import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import SsoPage from './sso-page';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;

const PROVIDER = {
  id: 4, nodeId: 2, nodeAccount: 'harbour', nodeName: 'Harbour Dealer', name: 'Acme', issuer: 'https://login.acme.test',
  clientId: 'cleanfleet', secretSet: true, scopes: 'openid email profile groups', groupsClaim: 'groups',
  domains: ['acme.test'], passwordsOff: false, enabled: true, people: 3,
  groups: [
    { group: 'cleaners', roleId: 11, roleName: 'ordinary user', nodeId: 5, nodeAccount: 'airport' },
    { group: 'supervisors', roleId: 40, roleName: 'Shift lead', nodeId: 5, nodeAccount: 'airport' },
  ],
  redirectUri: 'https://console.test/api/sso/callback', logoutRedirectUri: 'https://console.test/login',
  createdAt: '2026-11-20T08:00:00+00:00', updatedAt: '2026-11-20T08:00:00+00:00',
};

const { fetchMock, bodiesTo } = fakeServer();

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 2, account: 'harbour', name: 'Harbour Dealer', levelDepth: 2, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

function serve(providers: unknown[], refuseEdit = false) {
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/sso/provider/list') return envelope(providers);
    if (url === '/api/sso/provider/roles') return envelope([{ id: 11, name: 'ordinary user', preset: true }, { id: 40, name: 'Shift lead', preset: false }]);
    if (url === '/api/sso/provider/edit' && refuseEdit) return envelope(null, 10002, 'The domain acme.test is served by another provider.', 'domains.0');
    if (url === '/api/sso/provider/edit' || url === '/api/sso/provider/add') return envelope(PROVIDER);
    return envelope([]);
  });
}

function renderPage() {
  return renderWithClient(
    <MemoryRouter initialEntries={['/user/sso']}>
      <SsoPage />
    </MemoryRouter>,
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeAll(async () => {
  await readIn('en');
  // the page's route loads the Users texts with its own (the preset roles' names)
});

beforeEach(() => signInWith('user/sso', 'user/sso/add', 'user/sso/edit', 'user/sso/delete'));
afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the identity providers page', () => {
  it('says when there is no provider yet, and offers to add one', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No identity providers yet', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('add-provider')).toHaveTextContent('New provider');
  }, TEST_TIMEOUT);

  it('hides the buttons of the keys the person lacks', async () => {
    signInWith('user/sso');
    serve([PROVIDER]);
    renderPage();
    expect(await screen.findByText('Acme', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('add-provider')).toBeNull();
    expect(screen.queryByTestId('edit-provider-Acme')).toBeNull();
    expect(screen.queryByTestId('delete-provider-Acme')).toBeNull();
  }, TEST_TIMEOUT);

  it('lists each provider with its node, domains, table group → role and people, never a secret', async () => {
    serve([PROVIDER]);
    renderPage();
    const row = (await screen.findByText('Acme', {}, SLOW)).closest('tr')!;
    expect(row).toHaveTextContent('https://login.acme.test');
    expect(row).toHaveTextContent('Harbour Dealer (harbour)');
    expect(row).toHaveTextContent('acme.test');
    // a preset's name in the reader's language, a custom role's as its owner named it
    expect(row).toHaveTextContent('cleaners → Ordinary user under airport');
    expect(row).toHaveTextContent('supervisors → Shift lead under airport');
    expect(row).toHaveTextContent('Passwords allowed');
    expect(row).not.toHaveTextContent('secret');
  }, TEST_TIMEOUT);

  it('names every missing field of a new provider and sends nothing', async () => {
    serve([]);
    renderPage();
    fireEvent.click(await screen.findByTestId('add-provider', {}, SLOW));
    const form = await screen.findByTestId('provider-form', {}, SLOW);
    expect(form).toHaveTextContent('At the provider, register this redirect URI:');
    save();
    // name, issuer, client id, client secret, domains
    await waitFor(() => expect(within(form).getAllByText('Fill in this field.')).toHaveLength(5), SLOW);
    for (const id of ['name', 'issuer', 'clientId', 'clientSecret', 'domains']) {
      expect(form.querySelector(`#${id}`)?.closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    }
    expect(bodiesTo('/api/sso/provider/add')).toHaveLength(0);
  }, TEST_TIMEOUT);

  it('edits the table group → role: a header, a row per group, each row asking for its group and role', async () => {
    serve([PROVIDER]);
    renderPage();
    fireEvent.click(await screen.findByTestId('edit-provider-Acme', {}, SLOW));
    const table = await screen.findByTestId('provider-groups', {}, SLOW);
    expect(within(table).getByTestId('group-name-0')).toHaveValue('cleaners');
    expect(within(table).getByTestId('group-name-1')).toHaveValue('supervisors');
    expect(table.querySelector('.cf-sso__group-head')).toHaveTextContent('GroupRoleLands under');
    fireEvent.click(within(table).getByTestId('add-group'));
    expect(within(table).getByTestId('group-row-2')).toBeInTheDocument();
    save();
    await waitFor(() => expect(within(within(table).getByTestId('group-row-2')).getByText('Fill in this field.')).toBeInTheDocument(), SLOW);
    expect(within(within(table).getByTestId('group-row-2')).getByText('Choose an option.')).toBeInTheDocument();
    fireEvent.click(within(table).getByTestId('group-remove-2'));
    fireEvent.click(within(table).getByTestId('group-remove-0'));
    expect(within(table).queryByTestId('group-row-1')).toBeNull();
    save();
    await waitFor(() => expect(bodiesTo('/api/sso/provider/edit')).toHaveLength(1), SLOW);
    const sent = bodiesTo('/api/sso/provider/edit')[0]!;
    expect(sent).toMatchObject({ id: 4, name: 'Acme', domains: ['acme.test'], clientSecret: null, groups: [{ group: 'supervisors', roleId: 40, nodeId: 5 }] });
  }, TEST_TIMEOUT);

  it('shows a refused domain under the domains field', async () => {
    serve([PROVIDER], true);
    renderPage();
    fireEvent.click(await screen.findByTestId('edit-provider-Acme', {}, SLOW));
    const form = await screen.findByTestId('provider-form', {}, SLOW);
    save();
    const refusal = await within(form).findByText('The domain acme.test is served by another provider.', {}, SLOW);
    expect(refusal.closest('.ant-form-item')?.querySelector('#domains')).not.toBeNull();
  }, TEST_TIMEOUT);
});
