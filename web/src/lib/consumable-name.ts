/** A consumable's name in the reader's language (one catalogue, the shell's `consumableKinds`). */
import type { TFunction } from 'i18next';
import type { Messages } from '@/i18n/messages';

export type ConsumableKindName = keyof Messages['consumableKinds'];

const KINDS: readonly string[] = ['dust_bag', 'edge_brush', 'filter', 'roller_brush', 'thin_edge_brush', 'thin_roller_brush', 'wheel_rubber'];

function isKnownKind(kind: string): kind is ConsumableKindName {
  return KINDS.includes(kind);
}

/** The translated name of a kind of the catalogue; any other kind shows `fallback` (the server's name). */
export function consumableName(t: TFunction, kind: string, fallback: string = kind): string {
  return isKnownKind(kind) ? t(`consumableKinds.${kind}`) : fallback;
}
