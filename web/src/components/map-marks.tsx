/**
 * How a map's saved marks look on a canvas, one drawing for every map of the console: the map editor's shapes
 * and the task maps (drawing a task, the robot's live map) show virtual walls, forbidden zones and free areas
 * alike. Strokes keep their screen width at every zoom (strokeScaleEnabled off). Points are picture pixels.
 */
import type { LineConfig } from 'konva/lib/shapes/Line';
import { Line } from 'react-konva';

export type MarkKind = 'walls' | 'zones' | 'erasers';

/** Screen pixels. */
export const MARK_STROKE = 2;

export const MARK_STYLE: Record<MarkKind, { stroke: string; fill?: string; closed: boolean }> = {
  walls: { stroke: '#d46b08', closed: false },
  zones: { stroke: '#cf1322', fill: 'rgba(207,19,34,0.25)', closed: true },
  erasers: { stroke: '#389e0d', fill: 'rgba(56,158,13,0.25)', closed: true },
};

type MarkShapeProps = { kind: MarkKind; points: number[]; selected?: boolean } & Omit<LineConfig, 'points'>;

/** One wall, zone or free area; the editor adds its ids, dragging and selection. */
export function MarkShape({ kind, points, selected = false, ...rest }: MarkShapeProps) {
  const style = MARK_STYLE[kind];
  return (
    <Line
      points={points}
      closed={style.closed}
      stroke={style.stroke}
      fill={style.fill}
      strokeWidth={selected ? MARK_STROKE * 2.5 : MARK_STROKE}
      strokeScaleEnabled={false}
      perfectDrawEnabled={false}
      {...rest}
    />
  );
}

interface SavedMarksProps {
  walls: readonly number[][][];
  zones: readonly number[][][];
  /** Zones drawn as selected (thicker): the ones a task's area runs into. */
  picked?: readonly number[];
  toPixels: (points: number[][]) => number[];
}

/** A map's saved walls and zones, shown (not edited) under what is drawn on it. */
export function SavedMarks({ walls, zones, picked = [], toPixels }: SavedMarksProps) {
  return (
    <>
      {zones.map((zone, i) => (
        <MarkShape key={`zone-${i}`} name="saved-zone" kind="zones" points={toPixels(zone)} selected={picked.includes(i)} listening={false} />
      ))}
      {walls.map((wall, i) => (
        <MarkShape key={`wall-${i}`} name="saved-wall" kind="walls" points={toPixels(wall)} listening={false} />
      ))}
    </>
  );
}
