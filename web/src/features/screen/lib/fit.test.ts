import { describe, expect, it } from 'vitest';
import { boundsOf, fitView, WORLD_BOUNDS } from './fit';

describe('fit to bounds', () => {
  it('shows the whole map when there is nothing to fit', () => {
    expect(fitView([], { width: 800, height: 600 })).toEqual({ center: [0, 14], zoom: 1 });
    expect(boundsOf([])).toBeNull();
  });

  it('centres on the points and zooms in until they fill the view', () => {
    const china: [number, number][] = [
      [116.4, 39.9],
      [121.47, 31.23],
      [113.26, 23.13],
    ];
    const view = fitView(china, { width: 1000, height: 600 });
    expect(view.center[0]).toBeCloseTo((113.26 + 121.47) / 2);
    expect(view.center[1]).toBeCloseTo((23.13 + 39.9) / 2);
    expect(view.zoom).toBeGreaterThan(4);
    expect(view.zoom).toBeLessThan(10);
  });

  it('does not zoom to the street for one robot, nor out beyond the whole map', () => {
    expect(fitView([[121.47, 31.23]], { width: 1000, height: 600, maxZoom: 50 }).zoom).toBe(50);
    const spread = fitView(
      [
        [-170, -50],
        [170, 80],
      ],
      { width: 1000, height: 600, full: WORLD_BOUNDS },
    );
    expect(spread.zoom).toBe(1);
  });
});
