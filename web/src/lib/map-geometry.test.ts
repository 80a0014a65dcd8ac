import { describe, expect, it } from 'vitest';
import { areaHitsZone, insidePolygon, zonesHit, type MapPoint } from './map-geometry';

const zone: MapPoint[] = [[25, 12], [31, 12], [31, 19], [25, 19]];
const square = (x0: number, y0: number, x1: number, y1: number): MapPoint[] => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];

describe('a cleaning area against the forbidden zones', () => {
  it('runs into a zone it overlaps, touches or lies in', () => {
    expect(areaHitsZone(square(24, 11, 27, 14), zone)).toBe(true); // over a corner
    expect(areaHitsZone(square(26, 13, 28, 15), zone)).toBe(true); // inside it
    expect(areaHitsZone(square(20, 12, 25, 14), zone)).toBe(true); // sharing an edge
    expect(areaHitsZone([[24, 15], [32, 14], [32, 16]], zone)).toBe(true); // a triangle through it, no corner inside
  });

  it('is clear of a zone beside it, and a zone wholly inside it is an island cleaned around', () => {
    expect(areaHitsZone(square(2, 9, 6, 11.5), zone)).toBe(false);
    expect(areaHitsZone(square(24, 11, 31.8, 19.8), zone)).toBe(false);
    expect(zonesHit(square(24, 11, 27, 14), [square(2, 2, 3, 3), zone])).toEqual([1]);
  });

  it('finds a point inside a polygon', () => {
    expect(insidePolygon([26, 13], zone)).toBe(true);
    expect(insidePolygon([24, 13], zone)).toBe(false);
  });
});
