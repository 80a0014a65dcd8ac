import { describe, expect, it } from 'vitest';
import { extendTrail, fitScale, headingDegrees, pathPixels, toMetres, toPixel } from './map-geometry';

// office-3F as the simulator serves it: 32 × 20 m at 0.05 m per pixel, origin at the lower left.
const frame = { resolution: 0.05, origin: [0, 0, 0] as [number, number, number], width: 640, height: 400 };

describe('map geometry', () => {
  it('puts the origin at the lower left and y upwards on the picture', () => {
    expect(toPixel(frame, 0, 0)).toEqual({ x: 0, y: 400 });
    expect(toPixel(frame, 32, 20)).toEqual({ x: 640, y: 0 });
    expect(toPixel(frame, 1, 2)).toEqual({ x: 20, y: 360 });
    const shifted = { ...frame, origin: [-5, -2, 0] as [number, number, number] };
    expect(toPixel(shifted, -5, -2)).toEqual({ x: 0, y: 400 });
  });

  it('turns a click back into metres', () => {
    const back = toMetres(frame, 20, 360);
    expect(back.x).toBeCloseTo(1);
    expect(back.y).toBeCloseTo(2);
  });

  it('turns the counter-clockwise yaw into a clockwise screen rotation', () => {
    expect(headingDegrees(0)).toBeCloseTo(0);
    expect(headingDegrees(Math.PI / 2)).toBeCloseTo(-90);
    expect(headingDegrees(-Math.PI)).toBeCloseTo(180);
  });

  it('keeps the recent path: a point per move of 5 cm, the oldest dropping off', () => {
    let trail = extendTrail([], { x: 1, y: 1, yaw: 0 });
    trail = extendTrail(trail, { x: 1.01, y: 1, yaw: 0 });
    expect(trail).toEqual([[1, 1]]);
    trail = extendTrail(trail, { x: 1.2, y: 1, yaw: 0 });
    expect(trail).toEqual([
      [1, 1],
      [1.2, 1],
    ]);
    expect(extendTrail(trail, { x: 2, y: 1, yaw: 0 }, 2)).toEqual([
      [1.2, 1],
      [2, 1],
    ]);
    pathPixels(frame, trail).forEach((v, i) => expect(v).toBeCloseTo([20, 380, 24, 380][i] ?? NaN));
  });

  it('fits the picture into the box without blowing small maps up beyond 2×', () => {
    expect(fitScale(frame, 320, 1000)).toBe(0.5);
    expect(fitScale(frame, 1280, 400)).toBe(1);
    expect(fitScale({ width: 100, height: 50 }, 1000, 1000)).toBe(2);
    expect(fitScale(frame, 0, 400)).toBe(1);
  });
});
