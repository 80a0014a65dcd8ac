/**
 * The view of a map picture on a canvas (scale and offset in screen pixels), shared by the map editor and the task
 * maps. A map opens fitted: whole and centred in the stage, at any size of picture; while the user has not panned
 * or zoomed, the view follows the stage's size (a window resized, a dialog opened wider). The first pan or zoom
 * fixes the view where the user put it; `refit` (the Fit button) goes back to following.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';

export interface MapView {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The whole picture centred in the stage, at most `maxScale` picture pixels per screen pixel. */
export function fitView(picture: Size, stage: Size, maxScale = Number.POSITIVE_INFINITY): MapView {
  if (picture.width <= 0 || picture.height <= 0) return { scale: 1, x: 0, y: 0 };
  const scale = Math.min(maxScale, stage.width / picture.width, stage.height / picture.height);
  return { scale, x: (stage.width - picture.width * scale) / 2, y: (stage.height - picture.height * scale) / 2 };
}

/** The view zoomed by `factor` around a point of the stage (the cursor), the scale kept within [min, max]. */
export function zoomAround(view: MapView, at: { x: number; y: number }, factor: number, min: number, max: number): MapView {
  const scale = Math.min(max, Math.max(min, view.scale * factor));
  const anchor = { x: (at.x - view.x) / view.scale, y: (at.y - view.y) / view.scale };
  return { scale, x: at.x - anchor.x * scale, y: at.y - anchor.y * scale };
}

/** A view that stays fitted until `move` is called (a pan or a zoom), and again after `refit`. */
export function useMapView(picture: Size, stage: Size, maxScale?: number) {
  const { width: pw, height: ph } = picture;
  const { width: sw, height: sh } = stage;
  const fitted = useMemo(() => fitView({ width: pw, height: ph }, { width: sw, height: sh }, maxScale), [pw, ph, sw, sh, maxScale]);
  const [moved, setMoved] = useState<MapView | null>(null);
  const move = useCallback((change: (view: MapView) => MapView) => setMoved((view) => change(view ?? fitted)), [fitted]);
  const refit = useCallback(() => setMoved(null), []);
  return { view: moved ?? fitted, fitted, isFitted: moved === null, move, refit };
}

/** The width and height of an element as it changes (ResizeObserver), `initial` until it is measured. */
export function useElementSize(element: HTMLElement | null, initial: Size): Size {
  const [size, setSize] = useState(initial);
  useEffect(() => {
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.contentRect;
      if (box) setSize((s) => (s.width === Math.floor(box.width) && s.height === Math.floor(box.height) ? s : { width: Math.floor(box.width), height: Math.floor(box.height) }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
