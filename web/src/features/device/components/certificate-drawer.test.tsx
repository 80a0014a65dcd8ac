import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Device } from '@/api/device/types';
import { envelope, fakeServer, renderWithClient } from '@/test/api';
import { readIn } from '@/test/i18n';
import { daysLeft, endsSoon, revocable, shortHex } from '../lib/certificates';
import { CertificateDrawer } from './certificate-drawer';

const SLOW = { timeout: 10_000 };
const TEST_TIMEOUT = 30_000;
const { fetchMock, bodiesTo } = fakeServer();
const DAY = 86_400_000;

const device = { deviceId: 42, deviceCode: 'Lobby bot', deviceSerialNumber: 'CF3-0042' } as Device;
const inDays = (days: number) => new Date(Date.now() + days * DAY + 3_600_000).toISOString();

function certificate(state: string, id: number, endsIn: number) {
  return {
    id, serial: `5f${id}0a1b2c3d4e5f60718293a4b5c6d7e8f9`, fingerprint: 'ab'.repeat(32), state,
    notBefore: inDays(-80), notAfter: inDays(endsIn), issuedAt: inDays(-80),
    revokedAt: state === 'revoked' ? inDays(0) : null, revokedBy: state === 'revoked' ? 'admin' : null,
    revokedReason: state === 'revoked' ? 'stolen' : null,
  };
}

let list = [certificate('active', 2, 10), certificate('superseded', 1, 5)];

beforeAll(() => readIn('en'));

beforeEach(() => {
  list = [certificate('active', 2, 10), certificate('superseded', 1, 5)];
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/device/certificate/list') return envelope({ list, validDays: 90, warnDays: 14 });
    if (url === '/api/device/certificate/revoke') {
      list = list.map((c) => ({ ...c, state: 'revoked', revokedAt: inDays(0), revokedBy: 'admin', revokedReason: 'stolen' }));
      return envelope({ list, validDays: 90, warnDays: 14 });
    }
    return envelope(null);
  });
});

describe("a robot's certificate", () => {
  it('shows the active certificate, its expiry and that it ends soon', async () => {
    renderWithClient(<CertificateDrawer device={device} canRevoke={false} onClose={() => undefined} />);
    const current = await screen.findByTestId('certificate-current', {}, SLOW);
    expect(current).toHaveTextContent('Active');
    expect(current).toHaveTextContent('Ends soon');
    expect(current).toHaveTextContent('10 days left');
    expect(screen.queryByTestId('certificate-revoke')).toBeNull(); // without the key: no button
  }, TEST_TIMEOUT);

  it('revokes after a confirmation, with the reason', async () => {
    renderWithClient(<CertificateDrawer device={device} canRevoke onClose={() => undefined} />);
    fireEvent.click(await screen.findByTestId('certificate-revoke', {}, SLOW));
    expect(bodiesTo('/api/device/certificate/revoke')).toEqual([]); // asked first
    const reason = await screen.findByLabelText('Reason (optional)');
    fireEvent.change(reason, { target: { value: 'stolen' } });
    await waitFor(() => expect(reason).toHaveValue('stolen'));
    fireEvent.click(screen.getByTestId('certificate-revoke-confirm'));
    await waitFor(() => expect(bodiesTo('/api/device/certificate/revoke')).toEqual([{ deviceId: 42, reason: 'stolen' }]));
    expect(await screen.findByText('Certificate of Lobby bot revoked.', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByTestId('certificate-none', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('certificate-revoke')).toBeNull()); // nothing left to revoke
  }, TEST_TIMEOUT);
});

describe('certificate figures', () => {
  it('counts whole days left, knows what still counts, and shortens long hex', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(daysLeft('2026-01-15T12:00:00Z', now)).toBe(14);
    expect(daysLeft('2025-12-31T00:00:00Z', now)).toBe(-1);
    const soon = certificate('active', 1, 3);
    expect(endsSoon(soon, 14)).toBe(true);
    expect(endsSoon({ ...soon, state: 'superseded' }, 14)).toBe(false);
    expect(revocable([certificate('revoked', 1, 3), certificate('expired', 2, -1)])).toBe(false);
    expect(revocable([certificate('superseded', 1, 3)])).toBe(true);
    expect(shortHex('0123456789abcdef0123456789')).toBe('01234567…23456789');
  });
});
