/**
 * Charts animate, except in the e2e build (`vite build --mode e2e`), whose screenshots then need no
 * wait for a chart to finish drawing.
 */
export const CHART_ANIMATION = import.meta.env.MODE !== 'e2e';
