import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInAnswer } from '@/api/factors/second-step';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import LoginPage from './login-page';
import SecondStepForm from './second-step';

// the browser's passkey dialog is the virtual authenticator's in the journeys (e2e/factors.spec.ts); here it is a stand-in
const passkey = vi.hoisted(() => ({ sign: vi.fn<(options: string) => Promise<string>>(async () => '{"id":"assertion"}'), create: vi.fn<(options: string) => Promise<string>>(async () => '{"id":"made"}') }));
vi.mock('@/lib/passkey', () => ({
  passkeysSupported: () => true,
  createPasskey: passkey.create,
  signWithPasskey: passkey.sign,
  passkeyCancelled: (error: unknown) => error instanceof Error && error.name === 'NotAllowedError',
}));

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const SESSION = { userId: 9, token: 'session-token', account: 'mia', name: 'Mia', levelDepth: 3, shadowId: null, url: '', language: 'en', expiresAt: '2026-11-27T08:00:00+00:00', permissionBeans: [], recoveryCodes: null };
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const VERIFY = { ticket: 'ticket-1', methods: ['totp', 'webauthn', 'recovery'] };
const { fetchMock, bodiesTo } = fakeServer();

const signedInMock = () => vi.fn<(answer: SignedInAnswer) => Promise<void>>(async () => undefined);

beforeAll(() => readIn('en'));

beforeEach(() => {
  passkey.sign.mockClear();
  passkey.create.mockClear();
  fetchMock.mockImplementation(async (path, init) => {
    const url = String(path);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (url === '/api/factors/verify') {
      if (body.code === '000000') return envelope(null, 10007, 'The code is wrong: enter the code your authenticator app shows now', 'code');
      return envelope(SESSION);
    }
    if (url === '/api/factors/ticket/options') return envelope({ handle: 'a'.repeat(43), options: '{"challenge":"c"}' });
    if (url === '/api/factors/ticket/totp/start') return envelope({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    if (url === '/api/factors/ticket/totp/confirm') return envelope({ ...SESSION, recoveryCodes: CODES });
    return envelope(null);
  });
});

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the second step of a sign-in', () => {
  it('asks for the code, says so when it is empty, and signs in with it', async () => {
    const signedIn = signedInMock();
    renderWithClient(<SecondStepForm step={VERIFY} onSignedIn={signedIn} onBack={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Confirm it is you' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the code.');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ token: 'session-token' })), SLOW);
    expect(bodiesTo('/api/factors/verify')).toEqual([{ ticket: 'ticket-1', code: '123456' }]);
  }, TEST_TIMEOUT);

  it('shows a refusal of the code under the code field', async () => {
    const signedIn = signedInMock();
    renderWithClient(<SecondStepForm step={VERIFY} onSignedIn={signedIn} onBack={() => undefined} />);
    const code = screen.getByLabelText('Code');
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const refusal = await screen.findByRole('alert', {}, SLOW);
    expect(refusal).toHaveTextContent('The code is wrong');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAttribute('aria-describedby', refusal.id);
    expect(signedIn).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('signs in with a passkey: the ticket\'s options, the authenticator\'s answer, the session', async () => {
    const signedIn = signedInMock();
    renderWithClient(<SecondStepForm step={VERIFY} onSignedIn={signedIn} onBack={() => undefined} />);
    fireEvent.click(screen.getByTestId('second-step-passkey'));
    await waitFor(() => expect(signedIn).toHaveBeenCalled(), SLOW);
    expect(passkey.sign).toHaveBeenCalledWith('{"challenge":"c"}');
    expect(bodiesTo('/api/factors/ticket/options')).toEqual([{ ticket: 'ticket-1' }]);
    expect(bodiesTo('/api/factors/verify')).toEqual([{ ticket: 'ticket-1', handle: 'a'.repeat(43), credential: '{"id":"assertion"}' }]);
  }, TEST_TIMEOUT);

  it('offers no passkey button to a person with only an app, and says nothing when the passkey dialog is closed', async () => {
    const first = renderWithClient(<SecondStepForm step={{ ticket: 't', methods: ['totp'] }} onSignedIn={signedInMock()} onBack={() => undefined} />);
    expect(screen.queryByTestId('second-step-passkey')).toBeNull();
    first.unmount();
    passkey.sign.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    const signedIn = signedInMock();
    renderWithClient(<SecondStepForm step={VERIFY} onSignedIn={signedIn} onBack={() => undefined} />);
    fireEvent.click(screen.getByTestId('second-step-passkey'));
    await waitFor(() => expect(passkey.sign).toHaveBeenCalled(), SLOW);
    await waitFor(() => expect(screen.getByTestId('second-step-passkey')).toBeEnabled(), SLOW);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signedIn).not.toHaveBeenCalled();
  }, TEST_TIMEOUT);

  it('leads a person the branch requires a factor of to enrol one, then shows the recovery codes before going in', async () => {
    const signedIn = signedInMock();
    renderWithClient(<SecondStepForm step={{ ticket: 'enrol-1', methods: ['enrol', 'totp', 'webauthn'] }} onSignedIn={signedIn} onBack={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Set up a second factor' })).toBeInTheDocument();
    const choice = screen.getByRole('radiogroup');
    expect(within(choice).getByRole('radio', { name: 'Authenticator app' })).toBeChecked();
    fireEvent.click(within(choice).getByRole('radio', { name: 'Passkey or security key' }));
    expect(screen.getByTestId('enrol-passkey')).toBeInTheDocument();
    fireEvent.click(within(choice).getByRole('radio', { name: 'Authenticator app' }));
    fireEvent.click(screen.getByTestId('enrol-app'));
    expect(await screen.findByTestId('totp-secret', {}, SLOW)).toHaveTextContent('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByTestId('recovery-codes', {}, SLOW);
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(signedIn).not.toHaveBeenCalled(); // not before the codes were seen
    fireEvent.click(screen.getByTestId('recovery-continue'));
    expect(signedIn).toHaveBeenCalledWith(expect.objectContaining({ token: 'session-token' }));
    expect(bodiesTo('/api/factors/ticket/totp/confirm')).toEqual([{ ticket: 'enrol-1', code: '654321' }]);
  }, TEST_TIMEOUT);
});

describe('the sign-in page', () => {
  it('goes to the second step when the password sign-in owes a factor (SECOND_FACTOR_REQUIRED)', async () => {
    fetchMock.mockImplementation(async (path) =>
      String(path) === '/api/login' ? envelope({ ticket: 'ticket-9', methods: ['totp'] }, 10017, 'A second factor is required') : envelope(null));
    renderWithClient(<MemoryRouter initialEntries={['/login']}><LoginPage /></MemoryRouter>);
    fireEvent.change(screen.getByLabelText('Login name'), { target: { value: 'mia' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Start12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Confirm it is you' }, SLOW)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo('/api/factors/verify')).toEqual([{ ticket: 'ticket-9', code: '123456' }]), SLOW);
  }, TEST_TIMEOUT);

  it('goes to the second step after a single sign-on that owes a factor (#ticket= from the callback), not "expired"', async () => {
    window.history.replaceState(null, '', '/login#ticket=sso-ticket&methods=totp,recovery');
    renderWithClient(<MemoryRouter initialEntries={['/login']}><LoginPage /></MemoryRouter>);
    expect(await screen.findByRole('heading', { name: 'Confirm it is you' }, SLOW)).toBeInTheDocument();
    expect(window.location.hash).toBe(''); // read once: a reload does not offer the ticket again
    expect(screen.queryByText(/took too long|expired/i)).toBeNull();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'abcde-fgh01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodiesTo('/api/factors/verify')).toEqual([{ ticket: 'sso-ticket', code: 'abcde-fgh01' }]), SLOW);
    expect(bodiesTo('/api/sso/redeem')).toEqual([]);
  }, TEST_TIMEOUT);
});
