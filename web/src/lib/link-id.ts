/**
 * The id a console link names (`?alarmId=7`, `?reportId=12`: a push notification's target): a positive
 * 32-bit integer, or null for anything else (a link is user input).
 */
export const MAX_ID = 2_147_483_647;

export function linkedId(text: string | null): number | null {
  if (text === null || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** The URL's search parameters without `name` (the link has been followed: closing must not reopen it). */
export function withoutParam(params: URLSearchParams, name: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(name);
  return next;
}
