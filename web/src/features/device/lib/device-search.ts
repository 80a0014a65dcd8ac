/**
 * The device list's search (product-spec.md "Device list screen"): model, owner and free text.
 * The last search run is kept in sessionStorage for the session, per signed-in user; a `userId`
 * route parameter pre-selects the owner over what was kept.
 */
import { storageKey } from '@/lib/storage';

export interface DeviceSearch {
  /** Device type id (the model). */
  deviceType: number | null;
  /** The owner whose subtree is listed (null: the caller's whole subtree). */
  ownerId: number | null;
  /** Free text found in the device's name or serial number. */
  text: string;
}

export const EMPTY_SEARCH: DeviceSearch = { deviceType: null, ownerId: null, text: '' };

function searchKey(userId: number): string {
  return storageKey(`device-search:${userId}`);
}

function idOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** A search read from storage or a route, with anything malformed dropped. */
export function normaliseSearch(value: unknown): DeviceSearch {
  if (typeof value !== 'object' || value === null) return EMPTY_SEARCH;
  const raw = value as Record<string, unknown>;
  return {
    deviceType: idOrNull(raw.deviceType),
    ownerId: idOrNull(raw.ownerId),
    text: typeof raw.text === 'string' ? raw.text.trim().slice(0, 64) : '',
  };
}

export function readKeptSearch(userId: number): DeviceSearch | null {
  try {
    const raw = sessionStorage.getItem(searchKey(userId));
    return raw === null ? null : normaliseSearch(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function keepSearch(userId: number, search: DeviceSearch): void {
  try {
    sessionStorage.setItem(searchKey(userId), JSON.stringify(normaliseSearch(search)));
  } catch {
    // Storage disabled: the search lives as long as the page.
  }
}

/** The `userId` route parameter as an owner id, or null. */
export function ownerFromRoute(param: string | null): number | null {
  if (param === null || !/^\d+$/.test(param.trim())) return null;
  return idOrNull(Number(param));
}

/** What the list starts with: the kept search, with the route's owner winning. */
export function initialSearch(kept: DeviceSearch | null, routeOwner: number | null): DeviceSearch {
  const base = kept ?? EMPTY_SEARCH;
  return routeOwner === null ? base : { ...base, ownerId: routeOwner };
}

/** The list call's filter fields for a search (api-spec.md 7.5). */
export function searchBody(search: DeviceSearch) {
  const text = search.text.trim();
  return {
    deviceType: search.deviceType,
    userId: search.ownerId,
    deviceCode: text === '' ? null : text,
    isPc: 1,
  };
}
