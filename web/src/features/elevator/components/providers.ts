/**
 * The elevator vendors the server accepts (backend/cleanfleet/elevators/schemas.py, Provider). Their names are
 * brands, the same in every language; only "other" is translated (elevator.providers.other).
 */
export const PROVIDERS = ['hitachi', 'kone', 'otis', 'schindler', 'thyssenkrupp', 'mitsubishi', 'fujitec', 'toshiba', 'sjec', 'canny', 'other'] as const;
export type Provider = (typeof PROVIDERS)[number];

const BRANDS: Record<Exclude<Provider, 'other'>, string> = {
  hitachi: 'Hitachi',
  kone: 'KONE',
  otis: 'Otis',
  schindler: 'Schindler',
  thyssenkrupp: 'TK Elevator',
  mitsubishi: 'Mitsubishi Electric',
  fujitec: 'Fujitec',
  toshiba: 'Toshiba',
  sjec: 'SJEC',
  canny: 'Canny',
};

/** A provider's name: the brand, or the translated "other" (``other``: the text of elevator.providers.other). */
export function providerName(provider: string, other: string): string {
  return provider in BRANDS ? BRANDS[provider as keyof typeof BRANDS] : other;
}
