import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import FactorsPage from './factors-page';

// the browser's passkey dialog is the virtual authenticator's in the journeys (e2e/factors.spec.ts); here it is a stand-in
const passkey = vi.hoisted(() => ({ create: vi.fn<(options: string) => Promise<string>>(async () => '{"id":"new-credential"}') }));
vi.mock('@/lib/passkey', () => ({
  passkeysSupported: () => true,
  createPasskey: passkey.create,
  signWithPasskey: vi.fn<(options: string) => Promise<string>>(),
  passkeyCancelled: (error: unknown) => error instanceof Error && error.name === 'NotAllowedError',
}));

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const OFF = { totp: false, totpSince: null, recoveryLeft: 0, passkeys: [], required: false, passkeyAlone: false, hasPassword: true };
const KEYS = [
  { id: 4, name: 'Work laptop', createdAt: '2026-01-02T03:04:00+00:00', lastUsedAt: null, synced: false },
  { id: 5, name: 'Phone', createdAt: '2026-01-03T03:04:00+00:00', lastUsedAt: '2026-02-01T08:00:00+00:00', synced: true },
];
let status: Record<string, unknown> = OFF;

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 7, account: 'mia', name: 'Mia', levelDepth: 2, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

const renderPage = () =>
  renderWithClient(
    <MemoryRouter initialEntries={['/user/factors']}>
      <FactorsPage />
    </MemoryRouter>,
  );

beforeAll(() => readIn('en'));

beforeEach(() => {
  status = OFF;
  signInWith('index');
  passkey.create.mockClear();
  fetchMock.mockImplementation(async (path, init) => {
    const url = String(path);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (url === '/api/factors/status') return envelope(status);
    if (url === '/api/factors/totp/start') return envelope({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    if (url === '/api/factors/totp/confirm') {
      if (body.code !== '123456') return envelope(null, 10007, 'The code is wrong: enter the code your authenticator app shows now', 'code');
      status = { ...OFF, totp: true, totpSince: '2026-03-01T10:00:00+00:00', recoveryLeft: 10 };
      return envelope({ recoveryCodes: CODES });
    }
    if (url === '/api/factors/passkey/options') return envelope({ handle: 'h'.repeat(43), options: '{"challenge":"c"}' });
    if (url === '/api/factors/passkey/add') return envelope({ passkey: { ...KEYS[0], id: 9, name: body.name }, recoveryCodes: CODES });
    if (url === '/api/device/selectOwnUser') return envelope([]); // the branch picker's tree
    if (url === '/api/factors/policy/get') return envelope({ userId: 7, requireTwo: false, passkeyAlone: null, effectiveRequireTwo: false, effectivePasskeyAlone: false, setAbove: true });
    if (url === '/api/factors/policy/set') return envelope({ userId: 7, requireTwo: true, passkeyAlone: true, effectiveRequireTwo: true, effectivePasskeyAlone: true, setAbove: true });
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('the authenticator app', () => {
  it('is set up with the key beside the QR code, a wrong code refused, and the recovery codes shown once', async () => {
    renderPage();
    expect(await screen.findByTestId('totp-state', {}, SLOW)).toHaveTextContent('Off');
    fireEvent.click(screen.getByTestId('totp-set-up'));
    expect(await screen.findByTestId('totp-secret', {}, SLOW)).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('totp-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('totp-turn-on'));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('The code is wrong');
    expect(screen.queryByTestId('recovery-codes')).toBeNull();

    fireEvent.change(screen.getByTestId('totp-code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByTestId('totp-turn-on'));
    const shown = await screen.findByTestId('recovery-codes', {}, SLOW);
    expect(within(shown).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(bodiesTo('/api/factors/totp/confirm').at(-1)).toEqual({ code: '123456' });

    fireEvent.click(screen.getByTestId('recovery-continue'));
    expect(screen.queryByTestId('recovery-codes')).toBeNull(); // shown once
    await waitFor(() => expect(screen.getByTestId('totp-state')).toHaveTextContent('On since'), SLOW);
    expect(screen.getByTestId('recovery-left')).toHaveTextContent('Recovery codes left: 10');
  }, TEST_TIMEOUT);

  it('asks for the password or a code before it is turned off', async () => {
    status = { ...OFF, totp: true, totpSince: '2026-03-01T10:00:00+00:00', recoveryLeft: 8 };
    renderPage();
    fireEvent.click(await screen.findByTestId('totp-turn-off', {}, SLOW));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Confirm with your password or a code')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByTestId('factor-confirm-password'), { target: { value: 'Start12345' } });
    fireEvent.click(within(dialog).getByTestId('factor-confirm-ok'));
    await waitFor(() => expect(bodiesTo('/api/factors/totp/remove')).toEqual([{ password: 'Start12345' }]), SLOW);
  }, TEST_TIMEOUT);
});

describe('passkeys', () => {
  it('lists each passkey by name with when it was added and last used', async () => {
    status = { ...OFF, passkeys: KEYS, recoveryLeft: 10 };
    renderPage();
    const rows = await screen.findAllByTestId('passkey-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Work laptop');
    expect(rows[0]).toHaveTextContent('Never used');
    expect(rows[1]).toHaveTextContent('Phone');
    expect(rows[1]).toHaveTextContent('Synced');
    expect(rows[1]).toHaveTextContent('Last used');
  }, TEST_TIMEOUT);

  it('removes one only after its confirmation', async () => {
    status = { ...OFF, passkeys: KEYS, recoveryLeft: 10 };
    renderPage();
    const rows = await screen.findAllByTestId('passkey-row', {}, SLOW);
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Remove' }));
    expect(bodiesTo('/api/factors/passkey/remove')).toEqual([]);
    const question = await screen.findByText('Remove the passkey “Work laptop”?', {}, SLOW);
    const popup = question.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(bodiesTo('/api/factors/passkey/remove')).toEqual([{ id: 4 }]), SLOW);
  }, TEST_TIMEOUT);

  it('adds a named passkey (a name is asked first) and shows the recovery codes of a first factor', async () => {
    renderPage();
    expect(await screen.findByText('No passkey yet.', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('passkey-add'));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Enter a name.');
    expect(passkey.create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('passkey-name'), { target: { value: 'Desk key' } });
    fireEvent.click(screen.getByTestId('passkey-add'));
    expect(await screen.findByTestId('recovery-codes', {}, SLOW)).toBeInTheDocument();
    expect(passkey.create).toHaveBeenCalledWith('{"challenge":"c"}');
    expect(bodiesTo('/api/factors/passkey/add')).toEqual([{ name: 'Desk key', handle: 'h'.repeat(43), credential: '{"id":"new-credential"}' }]);
  }, TEST_TIMEOUT);
});

describe('the sign-in policy card', () => {
  it('is there only with the key user/index/factor_policy', async () => {
    renderPage();
    await screen.findByTestId('totp-state', {}, SLOW);
    expect(screen.queryByTestId('factor-policy')).toBeNull();
    expect(bodiesTo('/api/factors/policy/get')).toEqual([]);
  }, TEST_TIMEOUT);

  it('requires two factors for the branch and allows a passkey alone, saying a branch above already requires them', async () => {
    signInWith('index', 'user/index/factor_policy');
    renderPage();
    const card = await screen.findByTestId('factor-policy', {}, SLOW);
    expect(await within(card).findByText('A branch above already requires two factors here.', {}, SLOW)).toBeInTheDocument();
    const requireTwo = within(card).getByRole('checkbox', { name: 'Require two factors for everyone in this branch' });
    expect(requireTwo).not.toBeChecked();
    fireEvent.click(requireTwo);
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: 'A passkey alone' }));
    fireEvent.click(await screen.findByTitle('Allowed', {}, SLOW));
    fireEvent.click(within(card).getByTestId('policy-save'));
    await waitFor(() => expect(bodiesTo('/api/factors/policy/set')).toEqual([{ requireTwo: true, passkeyAlone: true }]), SLOW);
    expect(await screen.findByText('Saved.', {}, SLOW)).toBeInTheDocument();
  }, TEST_TIMEOUT);
});
