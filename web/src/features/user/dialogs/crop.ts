/**
 * Cropping an avatar to a square: the picture is shown covering a square viewport, can be zoomed
 * and dragged, and the part inside the square is drawn onto a 60 × 60 canvas.
 */
export const AVATAR_SIZE = 60;

export interface Crop {
  /** Top-left corner of the shown picture inside the viewport, in viewport pixels (≤ 0). */
  x: number;
  y: number;
  /** Zoom on top of the scale that makes the picture just cover the viewport (≥ 1). */
  zoom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The scale at which the picture just covers a square of side `view`. */
export function coverScale(image: Size, view: number): number {
  return Math.max(view / image.width, view / image.height);
}

/** Keeps the picture covering the whole square: no empty border on any side. */
export function clampCrop(crop: Crop, image: Size, view: number): Crop {
  const zoom = Math.min(Math.max(crop.zoom, 1), 8);
  const scale = coverScale(image, view) * zoom;
  const minX = view - image.width * scale;
  const minY = view - image.height * scale;
  return { zoom, x: Math.min(0, Math.max(minX, crop.x)), y: Math.min(0, Math.max(minY, crop.y)) };
}

/** The picture centred in the square at a zoom. */
export function centredCrop(image: Size, view: number, zoom = 1): Crop {
  const scale = coverScale(image, view) * zoom;
  return clampCrop({ zoom, x: (view - image.width * scale) / 2, y: (view - image.height * scale) / 2 }, image, view);
}

/** Zoom around the square's centre, keeping the point under it in place. */
export function zoomCrop(crop: Crop, zoom: number, image: Size, view: number): Crop {
  const before = coverScale(image, view) * crop.zoom;
  const after = coverScale(image, view) * Math.min(Math.max(zoom, 1), 8);
  const centre = view / 2;
  const ratio = after / before;
  return clampCrop({ zoom, x: centre - (centre - crop.x) * ratio, y: centre - (centre - crop.y) * ratio }, image, view);
}

/** The part of the original picture inside the square, in the picture's own pixels. */
export function sourceRect(crop: Crop, image: Size, view: number): { sx: number; sy: number; side: number } {
  const scale = coverScale(image, view) * crop.zoom;
  return { sx: -crop.x / scale, sy: -crop.y / scale, side: view / scale };
}

/** Draws the cropped square onto a canvas of `size` × `size`. */
export function drawCrop(canvas: HTMLCanvasElement, picture: CanvasImageSource, crop: Crop, image: Size, view: number, size = AVATAR_SIZE): void {
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return;
  const { sx, sy, side } = sourceRect(crop, image, view);
  context.imageSmoothingQuality = 'high';
  context.clearRect(0, 0, size, size);
  context.drawImage(picture, sx, sy, side, side, 0, 0, size, size);
}

export function canvasBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be drawn'))), type);
  });
}

/** Loads a picture file into an image element (and answers its natural size). */
export function loadPicture(file: Blob): Promise<{ image: HTMLImageElement; url: string }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.addEventListener('load', () => resolve({ image, url }), { once: true });
    image.addEventListener(
      'error',
      () => {
        URL.revokeObjectURL(url);
        reject(new Error('not a readable picture'));
      },
      { once: true },
    );
    image.src = url;
  });
}
