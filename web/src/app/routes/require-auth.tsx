import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '../stores/session';
import { loginPath } from './login-path';

/** product-spec.md 2: a route needs the token cookie and a stored user id, else login. */
export function RequireAuth() {
  const signedIn = useSessionStore((s) => s.token !== null && s.user !== null);
  const location = useLocation();
  if (!signedIn) return <Navigate to={loginPath(location)} replace />;
  return <Outlet />;
}
