/**
 * The sign-in's second step (issue 50 items 5-7): a ticket from /login's SECOND_FACTOR_REQUIRED (or the single
 * sign-on's redirect) redeemed with a code or a passkey, or used to enrol a first factor; and a passkey alone.
 * Each successful call answers a session as /login does.
 */
import { post, type CallOptions } from '@/api/client';
import type { DataOf } from '@/api/types';
import { Code } from '@/api/codes';
import { isApiError } from '@/api/errors';

export type SecondStep = { ticket: string; methods: string[] };
export type SignedInAnswer = DataOf<'/api/factors/verify'>;
const quiet: CallOptions = { quiet: true };

/** The second step a refusal of /login asks for, or null. */
export function secondStepOf(error: unknown): SecondStep | null {
  if (!isApiError(error) || error.code !== Code.secondFactorRequired) return null;
  const data = error.data as Partial<SecondStep> | null;
  return data && typeof data.ticket === 'string' && Array.isArray(data.methods) ? { ticket: data.ticket, methods: data.methods } : null;
}

export const verifyCode = (ticket: string, code: string) => post('/api/factors/verify', { ticket, code }, quiet);
export const verifyPasskey = (ticket: string, handle: string, credential: string) =>
  post('/api/factors/verify', { ticket, handle, credential }, quiet);
export const ticketPasskeyOptions = (ticket: string) => post('/api/factors/ticket/options', { ticket }, quiet);

export const enrolTotpStart = (ticket: string) => post('/api/factors/ticket/totp/start', { ticket }, quiet);
export const enrolTotpConfirm = (ticket: string, code: string) =>
  post('/api/factors/ticket/totp/confirm', { ticket, code }, quiet);
export const enrolPasskeyOptions = (ticket: string) => post('/api/factors/ticket/passkey/options', { ticket }, quiet);
export const enrolPasskeyAdd = (ticket: string, name: string, handle: string, credential: string) =>
  post('/api/factors/ticket/passkey/add', { ticket, name, handle, credential }, quiet);

export const passkeyAloneOptions = () => post('/api/factors/passkey/signInOptions', {}, quiet);
export const passkeyAlone = (handle: string, credential: string) =>
  post('/api/factors/passkey/signIn', { handle, credential }, quiet);
