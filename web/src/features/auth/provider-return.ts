import { useEffect, useState } from 'react';
import type { LoginResult } from '@/api/session';

/** The address fragment the server's OpenID callback sends the browser to /login with (never sent to a server). */
const PROVIDER_RETURN = /(?:^#|&)(sso|ssoError)=/;

/**
 * Back from an identity provider (issue 50): `#sso=<one-time code>` is traded for the session (`onSignedIn`),
 * `#ssoError=<reason>` becomes the reason's key under `login.sso.errors`; a `#ticket=` (a second factor owed) marks
 * the coming session as the provider's. The fragment is cleared at once (a reload does not try the used code
 * again); the redeem's module loads only then.
 */
export function useProviderReturn(onSignedIn: (result: LoginResult) => Promise<void>): { busy: boolean; error: string | null } {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>(() => {
    // a second step owed after the provider's sign-in (`#ticket=`, which the second step reads and clears): the
    // session it ends with exits through the provider too (read here, before the second step clears it)
    if (/(?:^#|&)ticket=/.test(window.location.hash)) void import('@/api/sso').then(({ markProviderSignIn }) => markProviderSignIn());
    return { busy: /(?:^#|&)sso=/.test(window.location.hash), error: null };
  });
  useEffect(() => {
    const hash = window.location.hash;
    if (!PROVIDER_RETURN.test(hash)) return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const found = new URLSearchParams(hash.slice(1));
    const code = found.get('sso');
    if (!code) {
      setState({ busy: false, error: found.get('ssoError') || 'refused' });
      return;
    }
    void import('@/api/sso')
      .then(({ redeemProviderSignIn }) => redeemProviderSignIn(code, { quiet: true }))
      .then(onSignedIn)
      .catch(() => setState({ busy: false, error: 'expired' }));
    // once, at the page's start
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return state;
}
