/**
 * WCAG 2.x contrast of the console's text on a brand's colours, as the server checks it before saving
 * (backend/cleanfleet/branding/contrast.py; the server's answer is the one that counts): the primary colour carries
 * white text, the header colour white or the console's dark text, whichever contrasts more.
 */
export const MIN_RATIO = 4.5;
export const LIGHT_INK = '#ffffff';
export const DARK_INK = '#1f1f1f';
export const COLOUR = /^#[0-9a-fA-F]{6}$/;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance(colour: string): number {
  const part = (at: number) => channel(parseInt(colour.slice(at, at + 2), 16));
  return 0.2126 * part(1) + 0.7152 * part(3) + 0.0722 * part(5);
}

export function ratio(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/** The text colour the console puts on a header colour: white or dark, whichever contrasts more. */
export function headerInk(background: string): string {
  return ratio(background, LIGHT_INK) >= ratio(background, DARK_INK) ? LIGHT_INK : DARK_INK;
}

/** A colour's ratio as the brand form shows it: null for a colour that is not #rrggbb yet. */
export function primaryRatio(colour: string): number | null {
  return COLOUR.test(colour) ? ratio(colour, LIGHT_INK) : null;
}

export function headerRatio(colour: string): number | null {
  return COLOUR.test(colour) ? ratio(colour, headerInk(colour)) : null;
}

/** Two decimals, rounded down (4.499 is "4.49": never shown as passing when it does not). */
export function shownRatio(value: number): string {
  return (Math.floor(value * 100) / 100).toFixed(2);
}
