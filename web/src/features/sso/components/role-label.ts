import type { TFunction } from 'i18next';

/** The preset roles' ids (product spec: there is no 12); a custom role's id is never one of them. */
const PRESETS = ['10', '11', '13', '14', '15', '16', '17', '18'] as const;
type Preset = (typeof PRESETS)[number];

const isPreset = (id: string): id is Preset => (PRESETS as readonly string[]).includes(id);

/**
 * A role's name as the Users pages show it: a preset's in the user's language (the Users feature's texts, which the
 * route loads with this page), a custom role's as its owner named it.
 */
export function roleLabel(t: TFunction, id: number, name: string): string {
  const key = String(id);
  return isPreset(key) ? t(`user.presetRoles.${key}`, { defaultValue: name }) : name;
}
