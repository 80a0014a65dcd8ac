import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { PASSWORD_ROBOTS_KEY, PasswordRobotsBar, PasswordTag } from './password-robots';

const { fetchMock, bodiesTo } = fakeServer();
const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const SWITCH = { userId: 7, own: true, allowed: true, passwordRobots: 3, certificateRobots: 9, unknownRobots: 0 };
let answer = SWITCH;

function signInWith(...keys: string[]) {
  useSessionStore.setState({
    token: 'tok',
    user: { userId: 1, account: 'admin', name: 'Admin', levelDepth: 1, shadowId: null, avatarUrl: '', language: 'en', permissionKeys: Object.fromEntries(keys.map((k) => [k, true])) },
  });
}

beforeAll(() => readIn('en'));

beforeEach(() => {
  answer = SWITCH;
  fetchMock.mockImplementation(async (path, init) => {
    const url = String(path);
    if (url === '/api/passwordRobots/get') return envelope(answer);
    if (url === '/api/passwordRobots/set') {
      const body = JSON.parse(String(init?.body)) as { allowed: boolean };
      answer = { ...answer, own: body.allowed, allowed: body.allowed };
      return envelope(answer);
    }
    return envelope(null);
  });
});

afterEach(() => useSessionStore.setState({ token: null, user: null }));

describe('password robots in the device list', () => {
  it('counts the robots by how they sign in and lets the key holder switch passwords off', async () => {
    signInWith('device/index', PASSWORD_ROBOTS_KEY);
    renderWithClient(<PasswordRobotsBar userId={7} />);
    expect(await screen.findByTestId('password-robots-count', {}, SLOW)).toHaveTextContent('3 robots with a password, 9 with a certificate');
    const toggle = screen.getByTestId('password-robots-switch');
    expect(toggle).toBeEnabled();
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(bodiesTo('/api/passwordRobots/set')).toEqual([{ userId: 7, allowed: false }]), SLOW);
    await waitFor(() => expect(screen.getByTestId('password-robots-switch')).not.toBeChecked(), SLOW);
    // the change asks for the counts again (invalidation): waited for here, or it lands in the next test's calls
    await waitFor(() => expect(bodiesTo('/api/passwordRobots/get')).toEqual([{ userId: 7 }, { userId: 7 }]), SLOW);
  }, TEST_TIMEOUT);

  it('shows the switch to others without letting them change it, and off when an account above switched it off', async () => {
    signInWith('device/index');
    answer = { ...SWITCH, allowed: false };
    renderWithClient(<PasswordRobotsBar userId={null} />);
    expect(await screen.findByTestId('password-robots-switch', {}, SLOW)).toBeDisabled();
    expect(bodiesTo('/api/passwordRobots/get')).toEqual([{}]);
  }, TEST_TIMEOUT);

  it('tags a robot that signs in with a password, and only that one', () => {
    const { container, rerender } = render(<PasswordTag method="password" />);
    expect(screen.getByTestId('device-password-robot')).toHaveAttribute('title', 'This robot still signs in to the broker with a password, not a certificate');
    rerender(<PasswordTag method="certificate" />);
    expect(container).toBeEmptyDOMElement();
  });
});
