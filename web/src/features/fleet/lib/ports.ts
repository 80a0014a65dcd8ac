/** Ports of transfer nodes and devices (product-spec.md 5, api-spec.md 9): whole numbers 20000-30000. */
export const PORT_MIN = 20000;
export const PORT_MAX = 30000;

export type PortError = 'notNumber' | 'outOfRange';

/** Checks an optional port: empty passes (the field is optional), anything else must be in range. */
export function checkPort(value: unknown): PortError | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(n)) return 'notNumber';
  if (n < PORT_MIN || n > PORT_MAX) return 'outOfRange';
  return null;
}
