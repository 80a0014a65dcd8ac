import { describe, expect, it } from 'vitest';
import { base64Bytes, COUNT_ALPHA, decodeCells, drawScale, isNever, NEVER_RGB, paintCells, placement, RAMP, rampColour } from './heat-cells';

/** zlib as the server sends it (Python's zlib.compress), made by the runtime's own compressor. */
async function deflated(bytes: Uint8Array): Promise<string> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const reader = stream.readable.getReader();
  const parts: number[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(...value);
  }
  return btoa(String.fromCharCode(...parts));
}

/** A layer of `width` × `height` cells with these counts (south row first) and never-reached cells. */
async function layerOf(width: number, height: number, counts: number[], never: number[] = []) {
  const raw = new Uint8Array(width * height * 2);
  counts.forEach((count, i) => {
    raw[i * 2] = count & 0xff;
    raw[i * 2 + 1] = count >> 8;
  });
  const bits = new Uint8Array(Math.ceil((width * height) / 8));
  for (const i of never) bits[i >> 3]! |= 1 << (i & 7);
  return {
    cell: 0.5, width, height, mapResolution: 0.05, mapWidth: width * 10 - 3, mapHeight: height * 10 - 4,
    counts: await deflated(raw), neverReached: await deflated(bits),
  };
}

describe('decoding a layer', () => {
  it('reads the counts as 16-bit little-endian numbers and the never-reached bits, the first cell in the lowest bit', async () => {
    // 3 × 3 cells: counts past 255 survive, cell 8 (the last of the top row) and cell 4 are never reached
    const cells = await decodeCells(await layerOf(3, 3, [0, 1, 300, 2, 0, 0, 0, 0, 0], [4, 8]));
    expect([...cells.counts]).toEqual([0, 1, 300, 2, 0, 0, 0, 0, 0]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter((i) => isNever(cells, i))).toEqual([4, 8]);
    expect(cells.never).toHaveLength(2);
  });

  it('refuses an answer whose cells do not fit its size', async () => {
    const layer = await layerOf(3, 3, [1, 1, 1, 1, 1, 1, 1, 1, 1]);
    await expect(decodeCells({ ...layer, width: 4 })).rejects.toThrow('counts: 18 bytes for 12 cells');
  });

  it('reads base64', () => {
    expect([...base64Bytes(btoa('\x00\x01\xff'))]).toEqual([0, 1, 255]);
  });
});

/** The RGBA of a pixel of a 2-pixel-wide picture. */
const pixel = (rgba: Uint8ClampedArray, x: number, y: number) => Array.from(rgba.subarray((y * 2 + x) * 4, (y * 2 + x) * 4 + 4));

describe('painting the cells', () => {
  it('puts the south row at the bottom, counts on the ramp, never-reached cells apart, the rest clear', async () => {
    // 2 × 2: south row (cells 0, 1) cleaned once and three times; north row: cell 2 never reached, cell 3 nothing
    const cells = await decodeCells(await layerOf(2, 2, [1, 3, 0, 0], [2]));
    const { counts, never, neverCount } = paintCells(cells, 3);
    // the canvas's top row (y 0) is the north row
    expect(pixel(counts, 0, 1)).toEqual([...RAMP[0]!, COUNT_ALPHA]);
    expect(pixel(counts, 1, 1)).toEqual([...RAMP[RAMP.length - 1]!, COUNT_ALPHA]);
    expect(pixel(counts, 0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(never, 0, 0)).toEqual([...NEVER_RGB, 255]);
    expect(pixel(never, 1, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(never, 0, 1)).toEqual([0, 0, 0, 0]);
    expect(neverCount).toBe(1);
  });

  it('ramps from once to the most times', () => {
    expect(rampColour(1, 10)).toEqual([...RAMP[0]!]);
    expect(rampColour(10, 10)).toEqual([...RAMP[RAMP.length - 1]!]);
    expect(rampColour(1, 1)).toEqual([...RAMP[RAMP.length - 1]!]);
    const middle = rampColour(5, 9);
    expect(middle[1]).toBeLessThan(RAMP[0]![1]);
    expect(middle[1]).toBeGreaterThan(RAMP[RAMP.length - 1]![1]);
  });
});

describe('where the cells lie on the picture', () => {
  it('starts at the lower-left corner, a cell cell/resolution pixels a side, the top row reaching past the picture', async () => {
    const layer = await layerOf(24, 16, []);
    // 0.5 m cells at 0.05 m/px: 10 px; the picture 237 × 156 px, the grid 240 × 160 px
    expect(placement(layer)).toEqual({ frameWidth: 237, frameHeight: 156, x: 0, y: -4, width: 240, height: 160 });
  });

  it('draws the grid alone, a pixel a cell, when the server has no record of the map', () => {
    expect(placement({ cell: 0.5, width: 30, height: 20, mapResolution: null, mapWidth: null, mapHeight: null })).toEqual({
      frameWidth: 30, frameHeight: 20, x: 0, y: 0, width: 30, height: 20,
    });
  });

  it('draws a large picture at most 1600 px a side and enlarges a small grid at most eightfold', () => {
    expect(drawScale(3200, 1000)).toBe(0.5);
    expect(drawScale(30, 20)).toBe(8);
  });
});
