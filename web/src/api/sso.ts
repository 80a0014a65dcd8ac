/**
 * Single sign-on calls the sign-in page and the exit make (the identity provider pages' calls are in
 * features/sso): which providers serve an e-mail's domain, the session after a provider's sign-in, and exit
 * through the provider (RP-initiated logout).
 */
import { post, type CallOptions } from './client';

const MARK = 'cf-sso-session';

/** Where the browser goes to sign in with a provider (a navigation: the server sends it on to the provider). */
export function providerStartUrl(providerId: number, login: string): string {
  return `/api/sso/start?${new URLSearchParams({ provider: String(providerId), login })}`;
}

/** The providers serving the domain of an e-mail (none for a login name). */
export function discoverProviders(login: string, options?: CallOptions) {
  return post('/api/sso/discover', { login }, options);
}

/** The console's session after a provider's sign-in: the one-time code the callback put in the address. */
export async function redeemProviderSignIn(code: string, options?: CallOptions) {
  const result = await post('/api/sso/redeem', { code }, options);
  markProviderSession(true);
  return result;
}

/**
 * A provider's sign-in that owes a second factor (`#ticket=` from the callback): the session the second step ends
 * with is the provider's (the server links it), so its exit goes through the provider's sign-out too.
 */
export function markProviderSignIn(): void {
  markProviderSession(true);
}

function markProviderSession(on: boolean): void {
  try {
    if (on) localStorage.setItem(MARK, '1');
    else localStorage.removeItem(MARK);
  } catch {
    // storage refused (private mode): exit then only ends the console's session
  }
}

function providerSession(): boolean {
  try {
    return localStorage.getItem(MARK) === '1';
  } catch {
    return false;
  }
}

/**
 * Exit of a session that began at a provider: the server ends the session and answers the provider's end-session
 * address, where the browser goes next (null: the provider offers none). `undefined`: not such a session (the
 * caller signs out as usual).
 */
export async function providerSignOut(options?: CallOptions): Promise<string | null | undefined> {
  if (!providerSession()) return undefined;
  markProviderSession(false);
  return (await post('/api/sso/signOut', {}, options)).redirect;
}
