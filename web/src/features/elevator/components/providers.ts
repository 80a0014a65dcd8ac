/**
 * The elevator vendors the server accepts. The list is the server's (backend/cleanfleet/elevators/schemas.py,
 * Provider), read here from the API schema: a vendor added or removed there fails the type check until BRANDS
 * names it. Their names are brands, the same in every language; only "other" is translated
 * (elevator.providers.other).
 */
import type { components } from '@/api/schema';

export type Provider = NonNullable<components['schemas']['cleanfleet__elevators__schemas__ElevatorIn']['provider']>;

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

/** Every vendor, in the server's order, "other" last. */
export const PROVIDERS: readonly Provider[] = [...(Object.keys(BRANDS) as Provider[]), 'other'];

/** A provider's name: the brand, or the translated "other" (``other``: the text of elevator.providers.other). */
export function providerName(provider: string, other: string): string {
  return provider in BRANDS ? BRANDS[provider as keyof typeof BRANDS] : other;
}
