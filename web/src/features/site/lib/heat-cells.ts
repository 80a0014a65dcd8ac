/**
 * A heat map layer's cells as the server sends them (`/site/coverage/floor`, backend sites/coverage/heatmap.py), decoded and
 * painted for a canvas:
 *
 * - `counts`: base64 of zlib (`DecompressionStream('deflate')`) of one unsigned 16-bit little-endian number per
 *   coverage cell (times cleaned over the period), row-major from the south row: cell (0, 0) at the map's origin,
 *   the lower-left corner of the map picture;
 * - `neverReached`: base64 of zlib of one bit per cell in the same order, the first cell in the lowest bit.
 *
 * A cell is `cell / mapResolution` map pixels a side (whole pixels, about 0.5 m), so the grid lies on the picture
 * from its lower-left corner; the last column and the top row may reach past the picture's edge.
 */

export interface HeatCells {
  width: number;
  height: number;
  /** Times cleaned per cell, row-major from the south row. */
  counts: Uint16Array;
  /** Never reached, one bit per cell (the first cell in the lowest bit of the first byte). */
  never: Uint8Array;
}

/** The facts of a layer the decoding and the drawing need (a `HeatLayer` has them all). */
export interface LayerGrid {
  cell: number;
  width: number;
  height: number;
  mapResolution: number | null;
  mapWidth: number | null;
  mapHeight: number | null;
}

export function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** zlib (RFC 1950) inflated by the browser, off the main thread's JavaScript. */
export async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const written = writer.write(bytes as Uint8Array<ArrayBuffer>).then(() => writer.close());
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  await written;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A layer's counts and never-reached cells, checked against its size (a short or long answer throws). */
export async function decodeCells(layer: LayerGrid & { counts: string; neverReached: string }): Promise<HeatCells> {
  const cells = layer.width * layer.height;
  const [raw, bits] = await Promise.all([inflate(base64Bytes(layer.counts)), inflate(base64Bytes(layer.neverReached))]);
  if (raw.length !== cells * 2) throw new Error(`counts: ${raw.length} bytes for ${cells} cells`);
  if (bits.length !== Math.ceil(cells / 8)) throw new Error(`neverReached: ${bits.length} bytes for ${cells} cells`);
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const counts = new Uint16Array(cells);
  for (let i = 0; i < cells; i += 1) counts[i] = view.getUint16(i * 2, true);
  return { width: layer.width, height: layer.height, counts, never: bits };
}

export function isNever(cells: HeatCells, index: number): boolean {
  return ((cells.never[index >> 3] ?? 0) >> (index & 7)) % 2 === 1;
}

/** The colour ramp from once (light yellow) to the most times (dark red): YlOrRd, readable over a grey map. */
export const RAMP: readonly (readonly [number, number, number])[] = [
  [255, 237, 160],
  [254, 178, 76],
  [240, 59, 32],
  [189, 0, 38],
];
/** Never reached: a blue no count colour comes near, drawn hatched. */
export const NEVER_RGB = [29, 78, 216] as const;
export const COUNT_ALPHA = 200;

/** The ramp's colour for a cell cleaned `count` times (1 … max). */
export function rampColour(count: number, max: number): [number, number, number] {
  const t = max <= 1 ? 1 : Math.min(1, Math.max(0, (count - 1) / (max - 1)));
  const at = t * (RAMP.length - 1);
  const low = Math.floor(at);
  const high = Math.min(RAMP.length - 1, low + 1);
  const f = at - low;
  const a = RAMP[low] ?? RAMP[0]!;
  const b = RAMP[high] ?? a;
  return [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * f)) as [number, number, number];
}

/** The CSS gradient of the legend, the same stops. */
export const RAMP_CSS = `linear-gradient(to right, ${RAMP.map(([r, g, b]) => `rgb(${r} ${g} ${b})`).join(', ')})`;

/**
 * The cells as RGBA pixels, one pixel a cell, the north row first (a canvas's top): the counts on the ramp
 * (transparent where never cleaned), and apart the never-reached cells (opaque, for the hatching's mask).
 */
export function paintCells(cells: HeatCells, max: number): { counts: Uint8ClampedArray; never: Uint8ClampedArray; neverCount: number } {
  const { width, height } = cells;
  const counts = new Uint8ClampedArray(width * height * 4);
  const never = new Uint8ClampedArray(width * height * 4);
  let neverCount = 0;
  for (let row = 0; row < height; row += 1) {
    const top = (height - 1 - row) * width;
    for (let col = 0; col < width; col += 1) {
      const index = row * width + col;
      const at = (top + col) * 4;
      const count = cells.counts[index] ?? 0;
      if (count > 0) {
        const [r, g, b] = rampColour(count, max);
        counts[at] = r;
        counts[at + 1] = g;
        counts[at + 2] = b;
        counts[at + 3] = COUNT_ALPHA;
      } else if (isNever(cells, index)) {
        never[at] = NEVER_RGB[0];
        never[at + 1] = NEVER_RGB[1];
        never[at + 2] = NEVER_RGB[2];
        never[at + 3] = 255;
        neverCount += 1;
      }
    }
  }
  return { counts, never, neverCount };
}

/**
 * Where the cells lie on the picture, in picture pixels: the frame is the map picture (its size on record), a
 * cell `cell / mapResolution` pixels a side from the lower-left corner. Without a record of the map the frame is
 * the grid itself, a pixel a cell.
 */
export function placement(layer: LayerGrid): { frameWidth: number; frameHeight: number; x: number; y: number; width: number; height: number } {
  const known = layer.mapResolution !== null && layer.mapResolution > 0 && layer.mapWidth !== null && layer.mapHeight !== null && layer.mapWidth > 0 && layer.mapHeight > 0;
  if (!known) return { frameWidth: layer.width, frameHeight: layer.height, x: 0, y: 0, width: layer.width, height: layer.height };
  const px = Math.max(1, Math.round(layer.cell / (layer.mapResolution ?? 1)));
  const frameWidth = layer.mapWidth ?? 0;
  const frameHeight = layer.mapHeight ?? 0;
  return { frameWidth, frameHeight, x: 0, y: frameHeight - layer.height * px, width: layer.width * px, height: layer.height * px };
}

/** Screen pixels per picture pixel: a large picture drawn at most `longest` pixels a side, a small grid enlarged. */
export function drawScale(frameWidth: number, frameHeight: number, longest = 1600, most = 8): number {
  const side = Math.max(frameWidth, frameHeight, 1);
  return Math.min(most, longest / side);
}
