/** Where a signed-out visit goes: the login page, with the full original path to come back to. */
export function loginPath(location: { pathname: string; search: string; hash: string }): string {
  const original = `${location.pathname}${location.search}${location.hash}`;
  return `/login?redirect=${encodeURIComponent(original)}`;
}

/** The page to open after sign-in: only a path of this console, never another site. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/index';
  if (raw === '/login' || raw.startsWith('/login?') || raw === '/') return '/index';
  return raw;
}
