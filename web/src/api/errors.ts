/**
 * Why a call failed:
 * - `code`: the server answered with a failure code in the envelope;
 * - `http`: a transport failure with an HTTP status and no envelope;
 * - `network`: no answer at all; `timeout`: no answer in time; `aborted`: the caller cancelled;
 * - `client`: the console could not build the request (for example a bad signing key);
 * - `offline`: not sent: the browser is offline and the call commands a robot, which is never sent later
 *   (robot-commands.ts).
 */
export type ApiErrorKind = 'code' | 'http' | 'network' | 'timeout' | 'aborted' | 'client' | 'offline';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  readonly status: number | null;
  /** The `data` a refusal carries, when the server sends details (e.g. what blocks a delete). */
  readonly data: unknown;
  /** The request field a refusal concerns, as the server names it ("account", "deviceId"), or null. */
  readonly field: string | null;
  #shown: boolean;
  #pendingToast: ReturnType<typeof setTimeout> | null = null;

  constructor(
    kind: ApiErrorKind,
    message: string,
    opts: { code?: number; status?: number; shown?: boolean; data?: unknown; field?: string | null } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = opts.code ?? null;
    this.status = opts.status ?? null;
    this.#shown = opts.shown ?? false;
    this.data = opts.data ?? null;
    this.field = opts.field || null;
  }

  /** True when the client showed this failure to the user, or is about to (see `toastUnlessClaimed`). */
  get shown(): boolean {
    return this.#shown;
  }

  /**
   * Show the failure with `toast` once the code awaiting the call has had its turn, unless that code
   * `claim`s it first (a form showing the refusal under its field). The toast goes out on the next
   * task: every promise reaction of the current one (the caller's `catch`, through any number of
   * `await`s and TanStack Query's mutation) runs before it.
   */
  toastUnlessClaimed(toast: () => void): void {
    this.#shown = true;
    this.#pendingToast = setTimeout(() => {
      this.#pendingToast = null;
      toast();
    }, 0);
  }

  /**
   * Take over showing this failure: true when nobody has shown it yet (a quiet call, or a toast still
   * pending, which is then cancelled); false when it was toasted or claimed already. After a
   * successful claim `shown` is true: the claimer shows it.
   */
  claim(): boolean {
    if (this.#pendingToast !== null) {
      clearTimeout(this.#pendingToast);
      this.#pendingToast = null;
      return true;
    }
    if (this.#shown) return false;
    this.#shown = true;
    return true;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
