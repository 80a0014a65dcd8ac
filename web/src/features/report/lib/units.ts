/**
 * How report figures read (api-spec 9): areas in m² (digits grouped by thousands), above 1,000,000 m² in km²; coverage arrives in
 * thousandths (value / 1000, shown as a percent) and efficiency in hundredths of m²/h (value / 100).
 */
import { formatDuration } from '@/lib/export-cells';

export const KM2_ABOVE = 1_000_000;

export function areaText(squareMetres: number): string {
  if (squareMetres > KM2_ABOVE) return `${(squareMetres / 1_000_000).toFixed(2)} km²`;
  return `${squareMetres.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} m²`;
}

/** Coverage (thousandths) as the percent text the list and export show, e.g. 985 → "98.5%". */
export function coverageText(value: number): string {
  return `${(value / 10).toFixed(1)}%`;
}

export const coveragePercent = (value: number): number => value / 10;

/** Efficiency (hundredths of m²/h) in m²/h. */
export const efficiencyValue = (value: number): number => value / 100;

export function efficiencyText(value: number): string {
  return `${efficiencyValue(value).toFixed(2)} m²/h`;
}

export const durationText = (seconds: number): string => formatDuration(seconds);

const pad = (n: number) => String(n).padStart(2, '0');

/** A time in the reader's zone, YYYY-MM-DD HH:mm. */
export function timeText(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
