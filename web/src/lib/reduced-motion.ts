import { mediaMatches, useMediaQuery } from './use-media-query';

/**
 * The system setting "reduce motion" (an operating system's accessibility option, WCAG 2.3.3): the console then
 * opens and closes its dialogs, menus and messages without animation (src/app/theme.ts `themeFor`), draws charts
 * without moving them (src/components/charts/animation.ts) and stops the wall display's scrolling (its CSS).
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion now (read once, by what is set up once: a chart's options). */
export function prefersReducedMotion(): boolean {
  return mediaMatches(REDUCED_MOTION_QUERY);
}

/** Whether the system asks for less motion, kept up to date when the setting changes. */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
