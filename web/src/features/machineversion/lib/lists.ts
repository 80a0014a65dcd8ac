import type { RangeDevice, SoftVersionOption } from '../api/machine-versions';

/** The serial numbers on a version's white and black lists, from the robots' flags. */
export function listsOf(devices: readonly RangeDevice[]): { white: string[]; black: string[] } {
  return {
    white: devices.filter((d) => d.white).map((d) => d.deviceSerialNumber),
    black: devices.filter((d) => d.black).map((d) => d.deviceSerialNumber),
  };
}

/** How many robots would get the version with these lists: those white-listed (every robot when the white list is
 * empty), less those black-listed. */
export function rangeCount(all: readonly string[], white: readonly string[], black: readonly string[]): number {
  const blocked = new Set(black);
  const allowed = white.length > 0 ? new Set(white) : new Set(all);
  return all.filter((sn) => allowed.has(sn) && !blocked.has(sn)).length;
}

/** The serial numbers on both lists at once (the server refuses them; the form says so first). */
export function onBothLists(white: readonly string[], black: readonly string[]): string[] {
  const blocked = new Set(black);
  return white.filter((sn) => blocked.has(sn));
}

/** Software version choices without repeats, in the server's order: one per version text. */
export function uniqueVersions(options: readonly SoftVersionOption[]): { value: string; label: string }[] {
  const seen = new Set<string>();
  const out: { value: string; label: string }[] = [];
  for (const option of options) {
    if (seen.has(option.version)) continue;
    seen.add(option.version);
    out.push({ value: option.version, label: option.name === option.version ? option.version : `${option.version} (${option.name})` });
  }
  return out;
}
