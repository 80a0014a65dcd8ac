/**
 * The map editor's drawing as plain data, its edits, undo/redo and the spec's rules (product-spec 5:
 * names required; walls, zones and erasers not past the map edge; a polygon must not cross itself),
 * checked here before saving and again by the robot. Coordinates are metres on the map.
 */
import { segmentsMeet } from '@/lib/map-geometry';

export type Pt = [number, number];

export interface FlagShape {
  name: string;
  x: number;
  y: number;
  yaw: number;
  type: number;
}

export interface EditableMap {
  walls: Pt[][];
  zones: Pt[][];
  erasers: Pt[][];
  flags: FlagShape[];
}

export type ShapeKind = 'walls' | 'zones' | 'erasers';

export interface Frame {
  origin: number[];
  resolution: number;
  width: number;
  height: number;
}

export interface History {
  past: EditableMap[];
  present: EditableMap;
  future: EditableMap[];
}

const HISTORY_LIMIT = 200;

export const startHistory = (present: EditableMap): History => ({ past: [], present, future: [] });

/** A new drawing after an edit: the old one can be undone, anything undone before is gone. */
export function record(history: History, next: EditableMap): History {
  if (next === history.present) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const addShape = (map: EditableMap, kind: ShapeKind, points: Pt[]): EditableMap => ({ ...map, [kind]: [...map[kind], points] });

export const removeShape = (map: EditableMap, kind: ShapeKind, index: number): EditableMap => ({
  ...map,
  [kind]: map[kind].filter((_, i) => i !== index),
});

export const moveShape = (map: EditableMap, kind: ShapeKind, index: number, dx: number, dy: number): EditableMap => ({
  ...map,
  [kind]: map[kind].map((shape, i) => (i === index ? shape.map(([x, y]) => [round(x + dx), round(y + dy)] as Pt) : shape)),
});

export const addFlag = (map: EditableMap, flag: FlagShape): EditableMap => ({ ...map, flags: [...map.flags, flag] });

export const updateFlag = (map: EditableMap, index: number, change: Partial<FlagShape>): EditableMap => ({
  ...map,
  flags: map.flags.map((flag, i) => (i === index ? { ...flag, ...change } : flag)),
});

export const removeFlag = (map: EditableMap, index: number): EditableMap => ({ ...map, flags: map.flags.filter((_, i) => i !== index) });

export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

// --- drawing a shape point by point ---------------------------------------------------------

/** A click counts as on a point when it falls this near it (screen pixels), and as a double click within this time. */
export const SAME_POINT_PX = 8;
export const DOUBLE_CLICK_MS = 400;

export interface DraftClick {
  at: Pt;
  /** When it happened (ms, any clock the caller keeps). */
  time: number;
}

export type DraftStep = { action: 'add' } | { action: 'finish' } | { action: 'ignore' };

/**
 * What a click does while a shape is drawn. Finishing is deliberate: a click on the first point closes a
 * polygon (three points or more), and a double click on the last point (a second click on it within
 * DOUBLE_CLICK_MS) ends the shape; Enter and the Finish button end it too. Quick clicks at different places
 * (a user tracing a room fast) each add a point: a browser's or Konva's double click is not distance-checked,
 * so two clicks 300 ms apart anywhere would have ended the shape. A slow second click on the last point adds
 * nothing (a repeated point would only make the shape degenerate). `tolerance` is SAME_POINT_PX in metres at
 * the current zoom.
 */
export function draftStep(kind: ShapeKind, draft: readonly Pt[], click: DraftClick, last: DraftClick | null, tolerance: number): DraftStep {
  const near = (p: Pt | undefined) => p !== undefined && Math.hypot(p[0] - click.at[0], p[1] - click.at[1]) <= tolerance;
  const enough = draft.length >= (kind === 'walls' ? 2 : 3);
  if (kind !== 'walls' && enough && near(draft[0])) return { action: 'finish' };
  if (near(draft.at(-1))) {
    const double = last !== null && click.time - last.time <= DOUBLE_CLICK_MS && near(last.at);
    return double && enough ? { action: 'finish' } : { action: 'ignore' };
  }
  return { action: 'add' };
}

// --- geometry and rules ---------------------------------------------------------------------

export function bounds(frame: Frame): [number, number, number, number] {
  const [ox = 0, oy = 0] = frame.origin;
  return [ox, oy, ox + frame.width * frame.resolution, oy + frame.height * frame.resolution];
}

export function inside(frame: Frame, [x, y]: Pt): boolean {
  const [x0, y0, x1, y1] = bounds(frame);
  return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/** Pixel position on the picture (north up) of a point in metres, and back. */
export function toPixel(frame: Frame, [x, y]: Pt): Pt {
  const [ox = 0, oy = 0] = frame.origin;
  return [(x - ox) / frame.resolution, frame.height - (y - oy) / frame.resolution];
}

export function toMetres(frame: Frame, [px, py]: Pt): Pt {
  const [ox = 0, oy = 0] = frame.origin;
  return [round(ox + px * frame.resolution), round(oy + (frame.height - py) * frame.resolution)];
}

/** Whether two edges of the closed polygon that are not neighbours meet. */
export function selfCrossing(polygon: Pt[]): boolean {
  const n = polygon.length;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 2; j < n; j += 1) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(polygon[i]!, polygon[(i + 1) % n]!, polygon[j]!, polygon[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

export type Problem =
  | { kind: ShapeKind; index: number; problem: 'outside' | 'crossing' | 'tooFew' }
  | { kind: 'flags'; index: number; problem: 'outside' | 'noName' | 'sameName' };

/** Everything that keeps the drawing from being saved (empty: it may be saved). */
export function problems(map: EditableMap, frame: Frame): Problem[] {
  const found: Problem[] = [];
  (['walls', 'zones', 'erasers'] as const).forEach((kind) => {
    map[kind].forEach((shape, index) => {
      if (shape.length < (kind === 'walls' ? 2 : 3)) found.push({ kind, index, problem: 'tooFew' });
      else if (shape.some((p) => !inside(frame, p))) found.push({ kind, index, problem: 'outside' });
      else if (kind !== 'walls' && selfCrossing(shape)) found.push({ kind, index, problem: 'crossing' });
    });
  });
  const names = new Set<string>();
  map.flags.forEach((flag, index) => {
    const name = flag.name.trim();
    if (!name) found.push({ kind: 'flags', index, problem: 'noName' });
    else if (names.has(name)) found.push({ kind: 'flags', index, problem: 'sameName' });
    else if (!inside(frame, [flag.x, flag.y])) found.push({ kind: 'flags', index, problem: 'outside' });
    names.add(name);
  });
  return found;
}
