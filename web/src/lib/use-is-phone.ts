import { useMediaQuery } from './use-media-query';

/** Below this width (antd's `md` breakpoint) the console lays its pages out for a phone (issue 32). */
export const PHONE_BELOW_PX = 768;
/** The media query of a phone's screen. */
export const PHONE_QUERY = `(max-width: ${PHONE_BELOW_PX - 0.02}px)`;

/**
 * Whether the screen is a phone's (narrower than 768 px): tables become cards, filters fold into a panel. Read
 * from the browser's media query at the first render (no desktop layout flashes first on a phone), kept up to
 * date as the window is resized or the phone turned. A browser without matchMedia is a desktop.
 */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
