/**
 * Fit-to-bounds for an ECharts geo component: the center and zoom that show every point with some room,
 * computed from the base map's bounds and the chart's size (ECharts draws longitude × aspectScale by
 * latitude, the whole map fitted into the chart at zoom 1).
 */

export interface Bounds {
  minLon: number;
  maxLon: number;
  minLat: number;
  maxLat: number;
}

export interface View {
  center: [number, number];
  zoom: number;
}

/** The base map's bounds (the world without Antarctica, lib/geo.ts). */
export const WORLD_BOUNDS: Bounds = { minLon: -180, maxLon: 180, minLat: -56, maxLat: 84 };
/** Less than this (degrees, about 2 km) is widened, so one robot does not zoom to the street. */
const MIN_SPAN = 0.02;

export function boundsOf(points: readonly [number, number][]): Bounds | null {
  if (points.length === 0) return null;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return { minLon: Math.min(...lons), maxLon: Math.max(...lons), minLat: Math.min(...lats), maxLat: Math.max(...lats) };
}

interface FitOptions {
  full?: Bounds;
  width: number;
  height: number;
  aspectScale?: number;
  /** Room around the points, as a share of their span on each side. */
  padding?: number;
  maxZoom?: number;
}

export function fitView(points: readonly [number, number][], options: FitOptions): View {
  const { full = WORLD_BOUNDS, width, height, aspectScale = 0.75, padding = 0.2, maxZoom = 400 } = options;
  const whole: View = { center: [(full.minLon + full.maxLon) / 2, (full.minLat + full.maxLat) / 2], zoom: 1 };
  const box = boundsOf(points);
  if (!box || width <= 0 || height <= 0) return whole;
  const spanLon = Math.max(box.maxLon - box.minLon, MIN_SPAN) * (1 + 2 * padding);
  const spanLat = Math.max(box.maxLat - box.minLat, MIN_SPAN) * (1 + 2 * padding);
  const fullWidth = (full.maxLon - full.minLon) * aspectScale;
  const fullHeight = full.maxLat - full.minLat;
  const scale = Math.min(width / fullWidth, height / fullHeight);
  const zoom = Math.min(width / (scale * spanLon * aspectScale), height / (scale * spanLat));
  return {
    center: [(box.minLon + box.maxLon) / 2, (box.minLat + box.maxLat) / 2],
    zoom: Math.min(maxZoom, Math.max(1, zoom)),
  };
}
