/** How a robot's certificate reads in the console: which one counts, how long it has left, and its colour. */
import type { RobotCertificate } from '../api/certificates';

export type CertificateState = 'active' | 'superseded' | 'revoked' | 'expired';

const DAY_MS = 86_400_000;

export const STATE_COLOURS: Record<CertificateState, string> = {
  active: 'green',
  superseded: 'default',
  revoked: 'red',
  expired: 'orange',
};

export function certificateState(value: string): CertificateState {
  return value === 'active' || value === 'superseded' || value === 'revoked' || value === 'expired' ? value : 'expired';
}

/** Whole days from `now` until `notAfter` (negative once ended). */
export function daysLeft(notAfter: string, now: number = Date.now()): number {
  return Math.floor((Date.parse(notAfter) - now) / DAY_MS);
}

/** The certificate the robot signs in with: the active one, else none. */
export function currentCertificate(list: readonly RobotCertificate[]): RobotCertificate | null {
  return list.find((c) => c.state === 'active') ?? null;
}

/** Whether there is anything to revoke (a certificate that still counts). */
export function revocable(list: readonly RobotCertificate[]): boolean {
  return list.some((c) => c.state === 'active' || c.state === 'superseded');
}

/** "ends soon" when within the server's warning days. */
export function endsSoon(certificate: RobotCertificate, warnDays: number, now: number = Date.now()): boolean {
  return certificate.state === 'active' && daysLeft(certificate.notAfter, now) <= warnDays;
}

/** A fingerprint or serial shortened for a table cell: its first and last characters. */
export function shortHex(value: string, keep = 8): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}
