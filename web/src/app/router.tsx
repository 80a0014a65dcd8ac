/**
 * The route tree. Outside the layout: /login, /bigScreen (once registered) and the 404 page.
 * Under the layout (signed in, pages as tabs): every registered page of the route table, plus
 * /refresh and /redirect/*. Root goes to /index.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import LoginPage from '@/features/auth/login-page';
import { pages, bigScreenPage } from './routes/pages';
import { loadMainLayout, prefetchSignedInChunks } from './routes/prefetch';
import { RedirectPage } from './routes/redirect-page';
import { RefreshPage } from './routes/refresh-page';
import { RequireAuth } from './routes/require-auth';
import { RoutePage } from './routes/route-page';
import { ROUTES } from '@/lib/route-table';

const pageRoutes: RouteObject[] = ROUTES.filter((route) => pages[route.key]).map((route) => ({
  path: route.path,
  element: <RoutePage routeKey={route.key} />,
}));

const loadBigScreen = bigScreenPage;
const outsideRoutes: RouteObject[] = loadBigScreen
  ? [{ path: '/bigScreen', lazy: async () => ({ Component: (await loadBigScreen()).default }) }]
  : [];

export const routes: RouteObject[] = [
  {
    hydrateFallbackElement: <PageLoading fullscreen />,
    children: [
      {
        path: '/login',
        // in the entry's chunk (vite.config.ts, "shell"): the form needs no second round of files
        Component: LoginPage,
        loader: () => {
          prefetchSignedInChunks();
          return null;
        },
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Navigate to="/index" replace /> },
          {
            lazy: async () => ({ Component: (await loadMainLayout()).default }),
            children: [
              ...pageRoutes,
              { path: '/refresh', element: <RefreshPage /> },
              { path: '/redirect/*', element: <RedirectPage /> },
            ],
          },
          ...outsideRoutes,
          { path: '*', lazy: async () => ({ Component: (await import('@/features/errors/not-found-page')).default }) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
