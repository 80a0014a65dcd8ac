/**
 * Why a call failed:
 * - `code`: the server answered with a failure code in the envelope;
 * - `http`: a transport failure with an HTTP status and no envelope;
 * - `network`: no answer at all; `timeout`: no answer in time; `aborted`: the caller cancelled;
 * - `client`: the console could not build the request (for example a bad signing key).
 */
export type ApiErrorKind = 'code' | 'http' | 'network' | 'timeout' | 'aborted' | 'client';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  readonly status: number | null;
  /** True when the client already showed this failure to the user. */
  readonly shown: boolean;
  /** The `data` a refusal carries, when the server sends details (e.g. what blocks a delete). */
  readonly data: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    opts: { code?: number; status?: number; shown?: boolean; data?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = opts.code ?? null;
    this.status = opts.status ?? null;
    this.shown = opts.shown ?? false;
    this.data = opts.data ?? null;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
