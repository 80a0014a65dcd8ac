/**
 * How wide a text is drawn in the console's font, for columns whose width must be known before
 * they are drawn (fixed and virtual table columns) and whose labels differ per language.
 */
let context: CanvasRenderingContext2D | null | undefined;

function measuringContext(): CanvasRenderingContext2D | null {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null; // no canvas (tests without one): the estimate below
    }
  }
  return context;
}

/** The width in CSS pixels of `text` at `fontSize`, in the page body's font family. */
export function textWidth(text: string, fontSize = 14): number {
  const measure = measuringContext();
  if (!measure) return text.length * fontSize * 0.6;
  measure.font = `${fontSize}px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
  return measure.measureText(text).width;
}
