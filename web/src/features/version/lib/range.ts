/** The device range editor's rules, kept out of the components so they can be tested alone. */

export type Scope = 'all' | 'white';
export type ListName = 'whiteList' | 'blackList' | 'testDevices';

export interface RangeValues {
  scope: Scope;
  whiteList: string[];
  blackList: string[];
  testDevices: string[];
}

interface RangeDevices {
  scope: string;
  whiteList: { deviceSerialNumber: string }[];
  blackList: { deviceSerialNumber: string }[];
  testDevices: { deviceSerialNumber: string }[];
}

export const LISTS: readonly ListName[] = ['whiteList', 'blackList', 'testDevices'];

function serials(list: { deviceSerialNumber: string }[] | undefined): string[] {
  return (list ?? []).map((d) => d.deviceSerialNumber);
}

/** The editor's values from a range the server answered (a current one or one of the history). */
export function rangeValues(range: RangeDevices | null | undefined): RangeValues {
  return {
    scope: range?.scope === 'all' ? 'all' : 'white',
    whiteList: serials(range?.whiteList),
    blackList: serials(range?.blackList),
    testDevices: serials(range?.testDevices),
  };
}

/** The first robot chosen on two lists (the later list is named), or null: the server refuses it the same way. */
export function firstOverlap(values: Partial<RangeValues>): { serial: string; list: ListName } | null {
  const seen = new Set<string>();
  for (const list of LISTS) {
    for (const serial of values[list] ?? []) {
      if (seen.has(serial)) return { serial, list };
      seen.add(serial);
    }
  }
  return null;
}

/** The range body the calls take: a white list only matters (and is sent) with the white-list scope. */
export function rangeBody(values: RangeValues): RangeValues {
  return {
    scope: values.scope,
    whiteList: values.scope === 'white' ? [...values.whiteList] : [],
    blackList: [...values.blackList],
    testDevices: [...values.testDevices],
  };
}
