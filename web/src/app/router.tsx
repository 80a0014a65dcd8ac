/**
 * The route tree. Outside the layout: /login, /bigScreen (once registered) and the 404 page.
 * Under the layout (signed in, pages as tabs): every registered page of the route table, plus
 * /refresh and /redirect/*. Root goes to /index. Every route but /login is inside the console's root
 * (app/console.tsx: antd, the query cache, the toasts), which the sign-in page does without (issue 52 item 11).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { afterFirstPaint } from '@/lib/when-idle';
import { loadAntd } from './antd-sheet';
import LoginPage from '@/features/auth/login-page';
import { pages, bigScreenPage } from './routes/pages';
import { loadConsole, loadMainLayout, prefetchSignedInChunks } from './routes/prefetch';
import { RedirectPage } from './routes/redirect-page';
import { RefreshPage } from './routes/refresh-page';
import { RequireAuth } from './routes/require-auth';
import { RoutePage } from './routes/route-page';
import { ROUTES } from '@/lib/route-table';

const pageRoutes: RouteObject[] = ROUTES.filter((route) => pages[route.key]).map((route) => ({
  path: route.path,
  element: <RoutePage routeKey={route.key} />,
}));

/** The sign-in page; once its form is on screen, the console's chunks are fetched (not before: on a slow link they
 * would share it with the form's own files, issue 52 item 11). */
function LoginRoute() {
  const [feedback, setFeedback] = useState(false);
  useEffect(() => {
    prefetchSignedInChunks();
    afterFirstPaint(() => setFeedback(true));
  }, []);
  return (
    <>
      <LoginPage />
      {feedback && (
        <Suspense fallback={null}>
          <LoginFeedback />
        </Suspense>
      )}
    </>
  );
}

// the sign-in page's toasts (the message that the session ended), with antd after the form
const LoginFeedback = lazy(() => loadAntd().then((providers) => ({ default: providers.PageFeedback })));

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
        Component: LoginRoute,
      },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Navigate to="/index" replace /> },
          {
            lazy: async () => ({ Component: (await loadConsole()).default }),
            children: [
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
    ],
  },
];

export const router = createBrowserRouter(routes);
