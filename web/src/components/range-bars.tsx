import type { ReactNode } from 'react';
import './range-bars.css';

export interface RangeBar {
  key: string;
  label: ReactNode;
  /** ISO days; a bar needs `due`; `start`..`end` is its range (`end` null: open to the right). */
  start: string | null;
  due: string | null;
  end: string | null;
  tone: 'danger' | 'warning' | 'normal' | 'muted';
  /** The bar's words (the date, the range, how sure): what a screen reader reads; the bar itself is drawn only. */
  note: ReactNode;
}

const DAY_MS = 86_400_000;
const MIN_SPAN_DAYS = 14;

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/**
 * Dates with their ranges drawn as bars on one time line from `today` (issue 36: the wear forecast): a light bar
 * from the earliest to the latest day, a mark on the expected day. Rows without a date show their note only.
 */
export function RangeBars({ today, items, testId }: { today: string; items: RangeBar[]; testId?: string }) {
  const first = dayNumber(today);
  const ends = items.flatMap((item) => [item.end, item.due].filter((d): d is string => d !== null).map(dayNumber));
  const span = Math.max(MIN_SPAN_DAYS, ...ends.map((d) => d - first + 1));
  const at = (day: string) => `${Math.min(100, Math.max(0, ((dayNumber(day) - first) / span) * 100))}%`;
  return (
    <ul className="cf-rbars" data-testid={testId}>
      {items.map((item) => (
        <li key={item.key} className={`cf-rbars__row cf-rbars__row--${item.tone}`} data-testid={testId ? `${testId}-${item.key}` : undefined}>
          <span className="cf-rbars__label">{item.label}</span>
          <span className="cf-rbars__track" aria-hidden="true">
            {item.due ? (
              <>
                <span
                  className="cf-rbars__range"
                  style={{ insetInlineStart: at(item.start ?? item.due), insetInlineEnd: item.end ? `calc(100% - ${at(item.end)})` : '0' }}
                />
                <span className="cf-rbars__mark" style={{ insetInlineStart: at(item.due) }} />
              </>
            ) : null}
          </span>
          <span className="cf-rbars__note">{item.note}</span>
        </li>
      ))}
    </ul>
  );
}
