/**
 * The device forms' rules (product-spec.md 5, api-spec.md 9), as plain checks that answer the
 * locale key of the message (under `device.validation`) or null. `form-rules.ts` turns them into
 * antd form rules; the server checks the same and refuses anyway.
 */
export const PORT_MIN = 20_000;
export const PORT_MAX = 30_000;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const SERIAL = /^[A-Za-z0-9_.:-]+$/;

export type ValidationKey =
  | 'required'
  | 'serialPattern'
  | 'tooLong'
  | 'port'
  | 'portNeedsHost'
  | 'portNeedsFrpPort'
  | 'latitude'
  | 'longitude'
  | 'positive'
  | 'notNegative'
  | 'protocolVersion'
  | 'imageTooLarge'
  | 'imageType';

type Check = ValidationKey | null;

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function asNumber(value: unknown): number | null {
  if (isBlank(value)) return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Names of devices, types, groups, reminders: required (product-spec.md 5), at most 64 characters. */
export function checkName(value: unknown): Check {
  if (isBlank(value)) return 'required';
  return String(value).trim().length > 64 ? 'tooLong' : null;
}

export function checkRequired(value: unknown): Check {
  return isBlank(value) ? 'required' : null;
}

export function checkSerialNumber(value: unknown): Check {
  if (isBlank(value)) return 'required';
  const text = String(value).trim();
  if (text.length > 64) return 'tooLong';
  return SERIAL.test(text) ? null : 'serialPattern';
}

/** A port or traffic value: empty, or a whole number from 20000 to 30000. */
export function checkPort(value: unknown): Check {
  const n = asNumber(value);
  if (n === null) return null;
  return Number.isInteger(n) && n >= PORT_MIN && n <= PORT_MAX ? null : 'port';
}

/** The FRP port belongs to an FRP host: the host must be set first. */
export function checkFrpPort(port: unknown, host: unknown): Check {
  const range = checkPort(port);
  if (range) return range;
  return asNumber(port) !== null && isBlank(host) ? 'portNeedsHost' : null;
}

/** An SSH or web port is reached through the FRP port: it must be set first (the server holds it too). */
export function checkPortBehindFrp(port: unknown, frpPort: unknown): Check {
  const range = checkPort(port);
  if (range) return range;
  return asNumber(port) !== null && asNumber(frpPort) === null ? 'portNeedsFrpPort' : null;
}

export function checkLatitude(value: unknown): Check {
  const n = asNumber(value);
  if (n === null) return null;
  return n >= -90 && n <= 90 ? null : 'latitude';
}

export function checkLongitude(value: unknown): Check {
  const n = asNumber(value);
  if (n === null) return null;
  return n >= -180 && n <= 180 ? null : 'longitude';
}

/** Consumable life and maintenance period: a number greater than 0 (product-spec.md 5). */
export function checkPositive(value: unknown, required = true): Check {
  const n = asNumber(value);
  if (n === null) return required ? 'required' : null;
  return n > 0 ? null : 'positive';
}

/** Used hours: empty or 0 and above. */
export function checkNotNegative(value: unknown): Check {
  const n = asNumber(value);
  if (n === null) return null;
  return n >= 0 ? null : 'notNegative';
}

export function checkProtocolVersion(value: unknown): Check {
  const n = asNumber(value);
  if (n === null) return null;
  return Number.isInteger(n) && n >= 1 && n <= 99 ? null : 'protocolVersion';
}

/** Images: at most 2 MB, PNG, JPEG, GIF or WebP (api-spec.md 9). */
export function checkImage(file: { size: number; type: string }): Check {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  return file.size > IMAGE_MAX_BYTES ? 'imageTooLarge' : null;
}
