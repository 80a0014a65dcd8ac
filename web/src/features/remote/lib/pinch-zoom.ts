/**
 * Pinch zoom and pan of the live map with pointer events (touch, pen and mouse alike, issue 32): two fingers
 * zoom around their midpoint and move the map with it; one finger (or the mouse) drags a zoomed map. The view
 * is a zoom over the fitted map (`scale` 1 = fitted, at most MAX_ZOOM) and an offset in screen pixels, kept so
 * that the map always covers the box it was fitted to (no dragging it away into emptiness).
 */
import { useCallback, useRef, useState, type PointerEvent } from 'react';
import { zoomAround, type MapView } from '@/lib/map-view';

export const MAX_ZOOM = 8;
export const FITTED: MapView = { scale: 1, x: 0, y: 0 };

type Point = { x: number; y: number };

/** The view kept over its box: zoom within [1, MAX_ZOOM], the map's edges never inside the box. */
export function clampView(view: MapView, box: { width: number; height: number }): MapView {
  const scale = Math.min(MAX_ZOOM, Math.max(1, view.scale));
  const minX = box.width - box.width * scale;
  const minY = box.height - box.height * scale;
  return { scale, x: Math.min(0, Math.max(minX, view.x)), y: Math.min(0, Math.max(minY, view.y)) };
}

/**
 * One move of the pointers on the map: `before` and `after` hold the same pointers' positions (box pixels).
 * Two pointers zoom by the change of their distance around their midpoint, then pan by its move; one pans.
 */
export function pointerStep(view: MapView, before: Point[], after: Point[], box: { width: number; height: number }): MapView {
  if (before.length >= 2 && after.length >= 2) {
    const [a0, b0] = before as [Point, Point];
    const [a1, b1] = after as [Point, Point];
    const d0 = Math.hypot(a0.x - b0.x, a0.y - b0.y);
    const d1 = Math.hypot(a1.x - b1.x, a1.y - b1.y);
    const m0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
    const m1 = { x: (a1.x + b1.x) / 2, y: (a1.y + b1.y) / 2 };
    const zoomed = d0 > 0 ? zoomAround(view, m0, d1 / d0, 1, MAX_ZOOM) : view;
    return clampView({ ...zoomed, x: zoomed.x + m1.x - m0.x, y: zoomed.y + m1.y - m0.y }, box);
  }
  const [p0] = before;
  const [p1] = after;
  if (!p0 || !p1 || view.scale <= 1) return view;
  return clampView({ ...view, x: view.x + p1.x - p0.x, y: view.y + p1.y - p0.y }, box);
}

/** Where a pointer is in the box it went down on. */
function at(event: PointerEvent<HTMLElement>): Point {
  const rect = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/**
 * The pointer handlers of a zoomable box and its view. `moved` tells a tap (relocate there) from a drag: a
 * gesture that moved the view is no tap.
 */
export function usePinchZoom(box: { width: number; height: number }) {
  const [view, setView] = useState<MapView>(FITTED);
  const pointers = useRef(new Map<number, Point>());
  const moved = useRef(false);
  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    if (pointers.current.size === 0) moved.current = false;
    pointers.current.set(event.pointerId, at(event));
    if (pointers.current.size === 2) event.currentTarget.setPointerCapture?.(event.pointerId);
  }, []);
  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const last = pointers.current.get(event.pointerId);
      if (!last) return;
      const before = [...pointers.current.values()];
      pointers.current.set(event.pointerId, at(event));
      const after = [...pointers.current.values()];
      setView((current) => {
        const next = pointerStep(current, before, after, box);
        if (next.scale !== current.scale || next.x !== current.x || next.y !== current.y) moved.current = true;
        return next;
      });
    },
    [box],
  );
  const onPointerEnd = useCallback((event: PointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
  }, []);
  const reset = useCallback(() => setView(FITTED), []);
  const handlers = { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onPointerLeave: onPointerEnd };
  return { view, handlers, reset, wasDrag: () => moved.current };
}
