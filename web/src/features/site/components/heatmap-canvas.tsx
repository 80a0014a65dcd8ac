import { useEffect, useMemo, useRef } from 'react';
import type { DecodedLayer } from '../api/heatmap';
import { drawScale, NEVER_RGB, paintCells, placement } from '../lib/heat-cells';

const GROUND = '#eef1f4';
const HATCH_PX = 6;

/** A canvas of `width` × `height` pixels holding RGBA pixels (one a cell). */
function pixelCanvas(rgba: Uint8ClampedArray, width: number, height: number): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.putImageData(new ImageData(rgba as Uint8ClampedArray<ArrayBuffer>, width, height), 0, 0);
  return canvas;
}

/** Diagonal stripes in the never-reached blue, a tile of the hatching. */
function hatchTile(): HTMLCanvasElement | null {
  const tile = document.createElement('canvas');
  tile.width = HATCH_PX;
  tile.height = HATCH_PX;
  const context = tile.getContext('2d');
  if (!context) return null;
  context.fillStyle = `rgb(${NEVER_RGB.join(' ')} / 0.25)`;
  context.fillRect(0, 0, HATCH_PX, HATCH_PX);
  context.strokeStyle = `rgb(${NEVER_RGB.join(' ')})`;
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(-1, HATCH_PX + 1);
  context.lineTo(HATCH_PX + 1, -1);
  context.stroke();
  return tile;
}

/** The never-reached cells hatched, drawn onto `target` where they lie (a mask of the cells filled with stripes). */
function drawHatched(target: CanvasRenderingContext2D, mask: HTMLCanvasElement, box: { x: number; y: number; width: number; height: number }) {
  const layer = document.createElement('canvas');
  layer.width = Math.max(1, Math.round(box.width));
  layer.height = Math.max(1, Math.round(box.height));
  const context = layer.getContext('2d');
  const tile = hatchTile();
  if (!context || !tile) return;
  context.imageSmoothingEnabled = false;
  context.drawImage(mask, 0, 0, layer.width, layer.height);
  context.globalCompositeOperation = 'source-in';
  const pattern = context.createPattern(tile, 'repeat');
  if (!pattern) return;
  context.fillStyle = pattern;
  context.fillRect(0, 0, layer.width, layer.height);
  target.drawImage(layer, box.x, box.y);
}

interface HeatmapCanvasProps {
  layer: DecodedLayer;
  picture: ImageBitmap | null;
  showNever: boolean;
  label: string;
}

/**
 * One layer drawn over its map picture: the picture (or a plain ground without it), the cells cleaned coloured
 * by how many times, and the cells never reached hatched. The canvas has the picture's proportions and scales to
 * its box's width (a phone's too); its label tells what it shows in words.
 */
export function HeatmapCanvas({ layer, picture, showNever, label }: HeatmapCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const place = useMemo(() => placement(layer), [layer]);
  const painted = useMemo(() => paintCells(layer.cells, layer.maxCount), [layer]);
  const scale = drawScale(place.frameWidth, place.frameHeight);
  const width = Math.max(1, Math.round(place.frameWidth * scale));
  const height = Math.max(1, Math.round(place.frameHeight * scale));
  useEffect(() => {
    const canvas = ref.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    context.clearRect(0, 0, width, height);
    context.fillStyle = GROUND;
    context.fillRect(0, 0, width, height);
    if (picture) {
      context.imageSmoothingEnabled = scale < 1;
      context.drawImage(picture, 0, 0, width, height);
    }
    const box = { x: place.x * scale, y: place.y * scale, width: place.width * scale, height: place.height * scale };
    context.imageSmoothingEnabled = false;
    const counts = pixelCanvas(painted.counts, layer.cells.width, layer.cells.height);
    if (counts) context.drawImage(counts, box.x, box.y, box.width, box.height);
    if (showNever && painted.neverCount > 0) {
      const mask = pixelCanvas(painted.never, layer.cells.width, layer.cells.height);
      if (mask) drawHatched(context, mask, box);
    }
  }, [painted, picture, showNever, place, scale, width, height, layer.cells.width, layer.cells.height]);
  return (
    <canvas
      ref={ref}
      width={width}
      height={height}
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a drawn canvas, not a picture file: role img names it for assistive technology
      role="img"
      aria-label={label}
      className="cf-heatmap-canvas"
      style={{ aspectRatio: `${width} / ${height}` }}
      data-testid={`heatmap-canvas-${layer.mapName}`}
    />
  );
}
