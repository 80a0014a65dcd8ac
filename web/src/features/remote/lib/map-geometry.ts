/**
 * Robot map coordinates (metres, y up, yaw counter-clockwise from x) to the map picture's pixels
 * (y down). The picture is north up and `origin` is the lower-left pixel's place (api2/map_info).
 */
export interface MapFrame {
  resolution: number;
  origin: [number, number, ...number[]];
  width: number;
  height: number;
}

export interface Pose {
  x: number;
  y: number;
  yaw: number;
}

export function toPixel(frame: MapFrame, x: number, y: number): { x: number; y: number } {
  return {
    x: (x - frame.origin[0]) / frame.resolution,
    y: frame.height - (y - frame.origin[1]) / frame.resolution,
  };
}

export function toMetres(frame: MapFrame, px: number, py: number): { x: number; y: number } {
  return {
    x: frame.origin[0] + px * frame.resolution,
    y: frame.origin[1] + (frame.height - py) * frame.resolution,
  };
}

/** Konva's rotation (degrees, clockwise on screen) of a heading. */
export function headingDegrees(yaw: number): number {
  return (-yaw * 180) / Math.PI;
}

/** Flat [x0, y0, x1, y1, …] pixel list for a path. */
export function pathPixels(frame: MapFrame, points: readonly (readonly [number, number])[]): number[] {
  const out: number[] = [];
  for (const [x, y] of points) {
    const p = toPixel(frame, x, y);
    out.push(p.x, p.y);
  }
  return out;
}

export const TRAIL_POINTS = 600;
export const TRAIL_SPACING_M = 0.05;

/** The recent path with a new pose added when the robot moved far enough; the oldest points drop off. */
export function extendTrail(trail: [number, number][], pose: Pose, max = TRAIL_POINTS): [number, number][] {
  const last = trail.at(-1);
  if (last && Math.hypot(last[0] - pose.x, last[1] - pose.y) < TRAIL_SPACING_M) return trail;
  const next: [number, number][] = [...trail, [pose.x, pose.y]];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** The scale that fits the picture into a box, never above 2× (small maps stay crisp). */
export function fitScale(frame: Pick<MapFrame, 'width' | 'height'>, boxWidth: number, boxHeight: number): number {
  if (frame.width <= 0 || frame.height <= 0 || boxWidth <= 0) return 1;
  return Math.min(2, boxWidth / frame.width, boxHeight > 0 ? boxHeight / frame.height : Number.POSITIVE_INFINITY);
}
