import { useEffect, useState } from 'react';

/** The time now, renewed every `everyMs` (for "3 minutes ago" and "today" that stay true while a page stays open). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
