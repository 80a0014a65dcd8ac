import { describe, expect, it } from 'vitest';
import { fitFrame, toPixel } from './path-frame';

describe('path frames', () => {
  it('puts every point of a track inside the fitted frame, north up', () => {
    const track = [[0, 0], [10, 0], [10, 5]];
    const frame = fitFrame(track, 400);
    for (const p of track) {
      const [px, py] = toPixel(frame, p);
      expect(px).toBeGreaterThan(0);
      expect(px).toBeLessThan(frame.width);
      expect(py).toBeGreaterThan(0);
      expect(py).toBeLessThan(frame.height);
    }
    expect(toPixel(frame, [10, 5])[1]).toBeLessThan(toPixel(frame, [10, 0])[1]);
  });
  it('reads a robot map frame like the map editor', () => {
    expect(toPixel({ origin: [-5, -5], resolution: 0.05, width: 400, height: 200 }, [0, 0])).toEqual([100, 100]);
  });
});
