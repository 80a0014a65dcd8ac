import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<route> goes to /<route>, keeping the query and hash. */
export function RedirectPage() {
  const route = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${route}${search}${hash}`} replace />;
}
