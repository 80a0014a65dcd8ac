/**
 * Rack number ranges of production batches (product-spec.md 3 and 5): two rack numbers joined by
 * '-', each a letter prefix plus digits, the same prefix and width at both ends, the first below the
 * last: `SC0001-SC0030`. The same rules as the server (batches/service.py `parse_rack_range`), so a
 * range the form accepts is never refused, and each refusal is named.
 */
export type RackRangeError = 'required' | 'twoEnds' | 'endFormat' | 'samePrefix' | 'sameWidth' | 'ascending';

export interface RackRange {
  prefix: string;
  first: number;
  last: number;
  width: number;
}

export type RackRangeResult = { ok: true; range: RackRange } | { ok: false; error: RackRangeError };

const END = /^([A-Za-z]*)(\d+)$/;

export function parseRackRange(text: string): RackRangeResult {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'required' };
  const ends = trimmed.split('-');
  if (ends.length !== 2) return { ok: false, error: 'twoEnds' };
  const low = END.exec((ends[0] ?? '').trim());
  const high = END.exec((ends[1] ?? '').trim());
  if (!low || !high) return { ok: false, error: 'endFormat' };
  const [, lowPrefix = '', lowDigits = ''] = low;
  const [, highPrefix = '', highDigits = ''] = high;
  if (lowPrefix !== highPrefix) return { ok: false, error: 'samePrefix' };
  if (lowDigits.length !== highDigits.length) return { ok: false, error: 'sameWidth' };
  const first = Number(lowDigits);
  const last = Number(highDigits);
  if (first >= last) return { ok: false, error: 'ascending' };
  return { ok: true, range: { prefix: lowPrefix, first, last, width: lowDigits.length } };
}

export function rackNumber(range: RackRange, n: number): string {
  return `${range.prefix}${String(n).padStart(range.width, '0')}`;
}

/** How many rack numbers a range holds. */
export function rackCount(range: RackRange): number {
  return range.last - range.first + 1;
}
