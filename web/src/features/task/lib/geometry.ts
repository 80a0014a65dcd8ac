/**
 * Robot map coordinates (metres, y up) and the map picture's pixels (y down): the picture is north up and
 * `origin` is the place of its lower-left pixel (the robot's map_list / map_info).
 */
export interface MapFrame {
  resolution: number;
  origin: number[];
  width: number;
  height: number;
}

export type Point = [number, number];

export function pixelOf(frame: MapFrame, [x, y]: Point): Point {
  return [(x - (frame.origin[0] ?? 0)) / frame.resolution, frame.height - (y - (frame.origin[1] ?? 0)) / frame.resolution];
}

const round = (v: number) => Math.round(v * 100) / 100;

export function metresOf(frame: MapFrame, [px, py]: Point): Point {
  return [round((frame.origin[0] ?? 0) + px * frame.resolution), round((frame.origin[1] ?? 0) + (frame.height - py) * frame.resolution)];
}

export function flatPixels(frame: MapFrame, points: readonly Point[]): number[] {
  return points.flatMap((p) => pixelOf(frame, p));
}

/** The four corners of the rectangle two opposite corners span. */
export function rectangle(a: Point, b: Point): Point[] {
  return [a, [b[0], a[1]], b, [a[0], b[1]]];
}

/** The path so far with a new position added when the robot moved at least `spacing` metres (at most `max`). */
export function extendPath(path: Point[], point: Point, spacing = 0.05, max = 2000): Point[] {
  const last = path.at(-1);
  if (last && Math.hypot(last[0] - point[0], last[1] - point[1]) < spacing) return path;
  const next: Point[] = [...path, point];
  return next.length > max ? next.slice(next.length - max) : next;
}
