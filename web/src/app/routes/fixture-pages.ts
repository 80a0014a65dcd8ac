/**
 * Stand-in pages for the browser tests of the shell (tabs, cached state), built only by
 * `vite build --mode e2e`. In every other mode the condition is false at build time and the
 * bundler drops them, so the console itself never shows them.
 */
import type { ComponentType } from 'react';
import type { RouteKey } from '@/lib/route-table';

type Loader = () => Promise<{ default: ComponentType }>;

export const fixturePages: Partial<Record<RouteKey, Loader>> =
  import.meta.env.MODE === 'e2e'
    ? {
        reportChart: () => import('./fixture-page'),
        log: () => import('./fixture-page'),
        'message/index': () => import('./fixture-page'),
      }
    : {};
