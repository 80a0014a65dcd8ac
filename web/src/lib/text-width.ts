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

/** The body's font family, read once (global.css sets it; no screen changes it). */
let family: string | undefined;

/** The width in CSS pixels of `text` at `fontSize`, in the page body's font family. */
export function textWidth(text: string, fontSize = 14): number {
  const measure = measuringContext();
  if (!measure) return text.length * fontSize * 0.6;
  family ??= getComputedStyle(document.body).fontFamily || 'sans-serif';
  measure.font = `${fontSize}px ${family}`;
  return measure.measureText(text).width;
}

/**
 * The width of a table's actions column that holds its entries on one line in the reader's language:
 * small link buttons (7 px padding a side, 4 px apart), `icons` of them with an icon (14 px and an
 * 8 px gap, or a menu arrow), 16 px of cell padding a side. An icon-only button is an empty label
 * with an icon. Never narrower than `minimum`.
 */
export function actionsColumnWidth(labels: readonly string[], icons = 0, minimum = 0): number {
  const texts = labels.reduce((sum, label) => sum + textWidth(label), 0);
  const chrome = 2 * 16 + labels.length * 2 * 7 + Math.max(0, labels.length - 1) * 4 + icons * (14 + 8);
  return Math.max(minimum, Math.ceil(texts + chrome + 2));
}
