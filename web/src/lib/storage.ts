/** localStorage helpers; every key carries the build version (api-spec.md 9: storage key 1.20.0). */
export const STORAGE_VERSION = '1.20.0';

export function storageKey(name: string): string {
  return `cleanfleet:${STORAGE_VERSION}:${name}`;
}

export function readStored<T>(name: string): T | null {
  try {
    const raw = localStorage.getItem(storageKey(name));
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeStored(name: string, value: unknown): void {
  try {
    localStorage.setItem(storageKey(name), JSON.stringify(value));
  } catch {
    // Storage full or disabled: the preference lives for this page only.
  }
}

export function removeStored(name: string): void {
  try {
    localStorage.removeItem(storageKey(name));
  } catch {
    // nothing stored
  }
}
