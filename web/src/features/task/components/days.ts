/** Day numbers 1 (Monday) … 7 (Sunday) and their short names in the console's language. */
export const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function dayName(day: number, language: string): string {
  // 2024-01-01 was a Monday
  return new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
}
