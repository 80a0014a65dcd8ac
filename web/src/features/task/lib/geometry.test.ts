import { describe, expect, it } from 'vitest';
import { extendPath, metresOf, pixelOf, rectangle } from './geometry';

const frame = { resolution: 0.05, origin: [0, 0, 0], width: 640, height: 400 };

describe('map geometry', () => {
  it('turns metres into pixels and back (y up on the map, down on the picture)', () => {
    expect(pixelOf(frame, [1, 1])).toEqual([20, 380]);
    expect(metresOf(frame, [20, 380])).toEqual([1, 1]);
  });

  it('spans a rectangle from two corners', () => {
    expect(rectangle([1, 1], [3, 2])).toEqual([[1, 1], [3, 1], [3, 2], [1, 2]]);
  });

  it('adds a position to the path only after the robot moved', () => {
    const path = extendPath([], [1, 1]);
    expect(extendPath(path, [1.01, 1])).toBe(path);
    expect(extendPath(path, [1.2, 1])).toEqual([[1, 1], [1.2, 1]]);
  });
});
