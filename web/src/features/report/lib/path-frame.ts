/**
 * Map frames for drawing a run's track: the robot's map (origin, resolution, size in pixels, north up)
 * or, without one, a frame fitted around the track itself. The same metres → pixel rule as the map
 * editor's (src/features/map/lib/editor-state.ts).
 */
export type Pt = [number, number] | number[];

export interface Frame {
  origin: number[];
  resolution: number;
  width: number;
  height: number;
}

export function toPixel(frame: Frame, [x = 0, y = 0]: Pt): [number, number] {
  const [ox = 0, oy = 0] = frame.origin;
  return [(x - ox) / frame.resolution, frame.height - (y - oy) / frame.resolution];
}

/** A frame of about ``size`` pixels across around the points, with a margin of a tenth. */
export function fitFrame(points: readonly Pt[], size: number): Frame {
  const xs = points.map((p) => p[0] ?? 0);
  const ys = points.map((p) => p[1] ?? 0);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(x1 - x0, y1 - y0, 1);
  const margin = span / 10;
  const resolution = (span + 2 * margin) / size;
  return {
    origin: [x0 - margin, y0 - margin],
    resolution,
    width: Math.ceil((x1 - x0 + 2 * margin) / resolution),
    height: Math.ceil((y1 - y0 + 2 * margin) / resolution),
  };
}
