import { describe, expect, it } from 'vitest';
import { clampView, FITTED, MAX_ZOOM, pointerStep } from './pinch-zoom';

const BOX = { width: 300, height: 200 };

describe('pinch zoom of the live map', () => {
  it('two fingers spreading to twice their distance zoom twice around their midpoint', () => {
    const view = pointerStep(FITTED, [{ x: 100, y: 100 }, { x: 200, y: 100 }], [{ x: 50, y: 100 }, { x: 250, y: 100 }], BOX);
    expect(view.scale).toBeCloseTo(2);
    // the map point under the midpoint (150, 100) stays under it
    expect((150 - view.x) / view.scale).toBeCloseTo(150);
    expect((100 - view.y) / view.scale).toBeCloseTo(100);
  });

  it('never zooms out past the fitted map nor in past the most', () => {
    expect(pointerStep(FITTED, [{ x: 0, y: 0 }, { x: 200, y: 0 }], [{ x: 50, y: 0 }, { x: 100, y: 0 }], BOX)).toEqual(FITTED);
    expect(clampView({ scale: 50, x: 0, y: 0 }, BOX).scale).toBe(MAX_ZOOM);
  });

  it('one finger drags a zoomed map, but not past its edges; a fitted map stays put', () => {
    const zoomed = { scale: 2, x: -100, y: -50 };
    expect(pointerStep(zoomed, [{ x: 10, y: 10 }], [{ x: 40, y: 30 }], BOX)).toEqual({ scale: 2, x: -70, y: -30 });
    expect(pointerStep(zoomed, [{ x: 10, y: 10 }], [{ x: 500, y: 500 }], BOX)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(pointerStep(zoomed, [{ x: 500, y: 500 }], [{ x: 0, y: 0 }], BOX)).toEqual({ scale: 2, x: -300, y: -200 });
    expect(pointerStep(FITTED, [{ x: 10, y: 10 }], [{ x: 40, y: 30 }], BOX)).toEqual(FITTED);
  });
});
