/**
 * Stand-in pages for the browser tests of the shell (tabs, cached state), built only by
 * `vite build --mode e2e`. In every other mode the condition is false at build time and the
 * bundler drops them, so the console itself never shows them. Since every route has its real screen,
 * they stand in for two that no journey opens (the knowledge base and the file hosts); every other screen,
 * the operation log and the report charts among them, is the real one in the e2e build.
 */
import type { ComponentType } from 'react';
import type { RouteKey } from '@/lib/route-table';

type Loader = () => Promise<{ default: ComponentType }>;

export const fixturePages: Partial<Record<RouteKey, Loader>> =
  import.meta.env.MODE === 'e2e'
    ? {
        'file/knowledge': () => import('./fixture-page'),
        'file/host': () => import('./fixture-page'),
      }
    : {};
