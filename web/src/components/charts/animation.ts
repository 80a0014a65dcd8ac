import { prefersReducedMotion } from '@/lib/reduced-motion';

/**
 * How the console's charts animate. A chart draws its data at once when it first appears (issue 30: bars and
 * lines grew in from nothing for a second, so a chart looked empty while loading had long ended); a change of
 * its data afterwards still moves briefly, so the eye follows what changed. Nor does a chart move for someone
 * whose system asks for less motion (read when the console loads); the e2e build draws without any animation,
 * so its screenshots need no wait for a chart to finish drawing.
 */
export const CHART_ANIMATION = import.meta.env.MODE !== 'e2e' && !prefersReducedMotion();

/** The animation options every console chart starts from (a chart's own option may still override them). */
export function chartAnimation(animate: boolean = CHART_ANIMATION) {
  return animate ? { animation: true, animationDuration: 0, animationDurationUpdate: 300 } : { animation: false };
}
