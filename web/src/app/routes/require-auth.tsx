import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '@/lib/session';
import { loginPath } from '@/lib/login-path';

/**
 * product-spec.md 2: a route needs the token cookie and a stored user id, else login with the
 * full original path to come back to (not after the user chose to exit).
 */
export function RequireAuth() {
  const signedIn = useSessionStore((s) => s.token !== null && s.user !== null);
  const exited = useSessionStore((s) => s.signedOutBy === 'exit');
  const location = useLocation();
  if (!signedIn) return <Navigate to={exited ? '/login' : loginPath(location)} replace />;
  return <Outlet />;
}
