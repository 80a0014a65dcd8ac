import { describe, expect, it } from 'vitest';
import { fitView, zoomAround } from './map-view';

describe('the view of a map picture', () => {
  it('fits a large picture whole and centred, in both directions', () => {
    // 4,000 × 1,000 pixels in a 1,000 × 600 stage: the width limits, the height is centred
    expect(fitView({ width: 4000, height: 1000 }, { width: 1000, height: 600 })).toEqual({ scale: 0.25, x: 0, y: 175 });
    // a tall picture: the height limits
    expect(fitView({ width: 200, height: 4000 }, { width: 1000, height: 600 })).toEqual({ scale: 0.15, x: 485, y: 0 });
    // a small one is not blown up past the limit
    expect(fitView({ width: 100, height: 100 }, { width: 1000, height: 600 }, 2).scale).toBe(2);
  });

  it('zooms around the cursor, keeping the point under it in place', () => {
    const view = zoomAround({ scale: 1, x: 0, y: 0 }, { x: 100, y: 50 }, 2, 0.5, 4);
    expect(view).toEqual({ scale: 2, x: -100, y: -50 });
    expect(zoomAround(view, { x: 0, y: 0 }, 10, 0.5, 4).scale).toBe(4);
  });
});
