/** Envelope codes of the main server (api-spec.md 8.1 and the server's catalogue). */
export const SUCCESS_CODES: ReadonlySet<number> = new Set([0, 20004, 20007]);

export const Code = {
  ok: 0,
  badParameter: 10001,
  badSignature: 10002,
  sessionInvalid: 10003,
  noPermission: 10004,
  notFound: 10005,
  conflict: 10011,
  loginLocked: 10006,
  wrongCredentials: 10007,
  codeExpired: 10016,
  secondFactorRequired: 10017,
} as const;

/** HTTP statuses that have their own text in api-spec.md 8.2; others get a generic text. */
export const KNOWN_HTTP_STATUSES = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505] as const;
