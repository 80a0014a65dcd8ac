/**
 * Spreadsheet cells from the texts the device list shows (product-spec.md "Device list screen"):
 * an hh:mm:ss text becomes a real duration (a fraction of a day shown as [h]:mm:ss) and a
 * percentage text a real percentage (value/100 shown as 0% or 0.0%), so the sheet can sum, sort
 * and chart them. Everything else stays as it is.
 */
export type ExportValue = string | number | boolean | Date | null | undefined;

export interface ExportCell {
  value: string | number | boolean | Date | null;
  /** The cell's number format, when the value is a converted duration or percentage. */
  numFmt?: string;
}

export const DURATION_FORMAT = '[h]:mm:ss';
const SECONDS_PER_DAY = 86_400;
const DURATION = /^(\d+):([0-5]\d):([0-5]\d)$/;
const PERCENT = /^(-?\d+(?:\.(\d+))?)\s?%$/;

/** `01:30:00` → 1.5 hours as a fraction of a day; null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const [, h, m, s] = match;
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) / SECONDS_PER_DAY;
}

/** `45.5%` → 0.455 with the format 0.0%; null when the text is not a percentage. */
export function parsePercent(text: string): { value: number; numFmt: string } | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  const decimals = match[2]?.length ?? 0;
  const numFmt = decimals === 0 ? '0%' : `0.${'0'.repeat(Math.min(decimals, 3))}%`;
  // Rounding keeps 45.5/100 from becoming 0.45499999999999996.
  return { value: Number((Number(match[1]) / 100).toFixed(decimals + 2)), numFmt };
}

export function toExportCell(value: ExportValue): ExportCell {
  if (value === undefined || value === null || value === '') return { value: null };
  if (typeof value !== 'string') return { value };
  const duration = parseDuration(value);
  if (duration !== null) return { value: duration, numFmt: DURATION_FORMAT };
  const percent = parsePercent(value);
  if (percent !== null) return percent;
  return { value };
}

/** Seconds as the hh:mm:ss text the list shows (hours may pass 24). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
