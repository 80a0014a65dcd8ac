/**
 * The one API client: every call of the console goes through `post` (JSON) or `postForm` (uploads).
 *
 * - Adds `Authorization`, `username`, `platform`, `sign`, `timezone` (the browser's IANA zone, in which
 *   the server writes the times its messages name) and `language` headers. `language` is the language on
 *   screen: the server answers (refusals included) in it, not in the language the account last signed in
 *   with, and also before any language was chosen and kept in the `language` cookie (issue 30 item 1: the
 *   zh-CN sign-in page of an English browser got English refusals from its Accept-Language).
 * - Codes 0, 20004 and 20007 are success and resolve with `data`.
 * - 10003 (session invalid) signs the user out once, however many calls fail together.
 * - Any other code shows the server's message as an error for 5 s (unless `quiet`); a refusal naming a
 *   request field (`message.field`) is shown a moment later, after the caller's `catch` ran, so a form
 *   can show it under that field instead (`showOnField` in src/components/form-refusal.ts).
 * - Transport failures show the translated HTTP status texts of api-spec.md 8.2.
 * - A robot command is not sent while the browser is offline: refused at once with the reason (robot-commands.ts).
 * - HTTP 429 (too many requests: an API token's rate limit, or a proxy's) shows "try again in N s", N from
 *   `Retry-After` (else the `t=` of the IETF `RateLimit` field). The call is never retried by the client, and
 *   until N s have passed a further 429 is not shown again, so a polling page does not stack toasts.
 * - Calls can be cancelled with an AbortSignal and time out after `timeoutMs`, also while the answer's
 *   body is being read (a cancellation is never shown).
 * - `actingUserId()` gives the id calls act for: the shadow id when the user has one.
 */
import { i18n } from '@/i18n/instance';
import { DEFAULT_LANGUAGE, isLanguage } from '@/i18n/languages';
import { Code, KNOWN_HTTP_STATUSES, SUCCESS_CODES } from './codes';
import { ApiError } from './errors';
import { offlineRobotCommand } from './robot-commands';
import { makeSign } from './sign';
import { browserId } from '@/lib/browser-id';
import type { BodyOf, DataOf, Envelope, PostPath } from './types';

export interface ClientSession {
  token: string | null;
  account: string | null;
  /** api-spec.md 7.1: the shadow id when the user has one, else the user id; null signed out. */
  actingUserId: number | null;
}

export interface ClientHooks {
  getSession(): ClientSession;
  /** Sign out and go to the login page; `text` is the one message to show. */
  onSessionInvalid(text: string): void;
  /** Show an error toast for `seconds`. */
  notifyError(text: string, seconds: number): void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Don't toast failures: the caller shows them itself. 10003 is always handled. */
  quiet?: boolean;
  timeoutMs?: number;
}

export const ERROR_TOAST_SECONDS = 5;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Failures with 10003 inside this window after the first one are not handled again. */
export const SESSION_INVALID_DEBOUNCE_MS = 3_000;

let hooks: ClientHooks = {
  getSession: () => ({ token: null, account: null, actingUserId: null }),
  onSessionInvalid: () => undefined,
  notifyError: () => undefined,
};

let lastSessionInvalidAt = Number.NEGATIVE_INFINITY;

export function configureClient(next: Partial<ClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** The user id calls act for (the `userId` most list and filter calls take). */
export function actingUserId(): number | null {
  return hooks.getSession().actingUserId;
}

/** For tests: forget the last 10003. */
export function resetSessionInvalidDebounce(): void {
  lastSessionInvalidAt = Number.NEGATIVE_INFINITY;
}

/** Until when (ms) a further 429 is not shown: the wait the last one asked for. */
let rateLimitedUntil = Number.NEGATIVE_INFINITY;

/** For tests: forget the last 429. */
export function resetRateLimitNotice(): void {
  rateLimitedUntil = Number.NEGATIVE_INFINITY;
}

/**
 * Seconds a 429 asks to wait: `Retry-After` (seconds, or an HTTP date), else the `t=` of the `RateLimit` field
 * (draft-ietf-httpapi-ratelimit-headers: `"token";r=0;t=17`); null when it says neither.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | null {
  const retryAfter = headers.get('Retry-After')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - now) / 1000));
  }
  const reset = /(?:^|;)\s*t=(\d+)/.exec(headers.get('RateLimit') ?? '');
  return reset ? Number(reset[1]) : null;
}

function tooManyRequests(res: Response, quiet: boolean | undefined): never {
  const seconds = retryAfterSeconds(res.headers);
  const text = seconds === null ? i18n.t('api.tooManyRequestsLater') : i18n.t('api.tooManyRequests', { seconds });
  const now = Date.now();
  const shownAlready = now < rateLimitedUntil;
  rateLimitedUntil = Math.max(rateLimitedUntil, now + (seconds ?? 0) * 1000);
  return fail(new ApiError('http', text, { status: 429 }), quiet || shownAlready);
}

/** The server no longer accepts the session (a 10003 answer, or the live socket closed with 4003). */
export function sessionRejected(): void {
  handleSessionInvalid();
}

function handleSessionInvalid(): void {
  const now = Date.now();
  if (now - lastSessionInvalidAt < SESSION_INVALID_DEBOUNCE_MS) return;
  lastSessionInvalidAt = now;
  hooks.onSessionInvalid(i18n.t('api.sessionInvalid'));
}

export function httpStatusText(status: number, url: string): string {
  const known = (KNOWN_HTTP_STATUSES as readonly number[]).includes(status);
  return known
    ? i18n.t(`api.http.${status as (typeof KNOWN_HTTP_STATUSES)[number]}`, { url })
    : i18n.t('api.http.other', { status });
}

export async function buildHeaders(json = true): Promise<Record<string, string>> {
  const { token, account } = hooks.getSession();
  const headers: Record<string, string> = {
    // A multipart body sets its own Content-Type (with the boundary).
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    Accept: 'application/json',
    username: account || '-',
    platform: 'web',
    sign: await makeSign(),
    language: screenLanguage(),
    // this browser, so that a sign-in from a new one is told to the person (lib/browser-id.ts)
    'browser-id': browserId(),
  };
  const zone = browserTimeZone();
  if (zone) headers.timezone = zone;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** The language the console shows (i18next follows every switch), which the server answers in. */
export function screenLanguage(): string {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

let zoneRead: { zone: string | null; at: number } | null = null;

/**
 * The browser's IANA time zone ("Europe/Paris"), or null where the browser does not tell. Read at
 * most once a minute: a new Intl.DateTimeFormat per call cost a few ms on every request.
 */
export function browserTimeZone(): string | null {
  const now = Date.now();
  if (zoneRead && now - zoneRead.at < 60_000) return zoneRead.zone;
  let zone: string | null;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    zone = null;
  }
  zoneRead = { zone, at: now };
  return zone;
}

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const message = (value as { message?: unknown }).message;
  return typeof message === 'object' && message !== null && typeof (message as { code?: unknown }).code === 'number';
}

export function fail(error: ApiError, quiet: boolean | undefined): never {
  const show = !quiet && error.kind !== 'aborted';
  const thrown = new ApiError(error.kind, error.message, {
    code: error.code ?? undefined,
    status: error.status ?? undefined,
    shown: show && error.field === null,
    data: error.data,
    field: error.field,
  });
  const toast = () => hooks.notifyError(error.message, ERROR_TOAST_SECONDS);
  // A refusal about a field waits for the caller: a form that has the field claims it (no toast).
  if (show && error.field !== null) thrown.toastUnlessClaimed(toast);
  else if (show) toast();
  throw thrown;
}

export function handleEnvelope<D>(body: Envelope<D>, quiet: boolean | undefined): D {
  const { code, message, field } = body.message;
  if (SUCCESS_CODES.has(code)) return body.data as D;
  if (code === Code.sessionInvalid) {
    handleSessionInvalid();
    throw new ApiError('code', message || i18n.t('api.sessionInvalid'), { code, shown: true });
  }
  return fail(new ApiError('code', message || i18n.t('api.failed'), { code, data: body.data, field: typeof field === 'string' ? field : null }), quiet);
}

/** POST a JSON body to a main-server call and resolve with the answer's `data`. */
export function post<P extends PostPath>(path: P, body: BodyOf<P>, options: CallOptions = {}): Promise<DataOf<P>> {
  return send<DataOf<P>>(path, JSON.stringify(body), true, options);
}

/** POST a multipart form (a file upload) to a main-server call and resolve with the answer's `data`. */
export function postForm<P extends PostPath>(path: P, form: FormData, options: CallOptions = {}): Promise<DataOf<P>> {
  return send<DataOf<P>>(path, form, false, options);
}

async function send<D>(path: string, body: BodyInit, isJson: boolean, options: CallOptions): Promise<D> {
  const { signal, quiet, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const offline = offlineRobotCommand(path);
  if (offline) return fail(offline, quiet);
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;

  let headers: Record<string, string>;
  try {
    headers = await buildHeaders(isJson);
  } catch (error) {
    console.error('cannot sign the request', error);
    return fail(new ApiError('client', i18n.t('api.failed')), quiet);
  }

  // Cancelled by the caller (quietly) or out of time, before the answer came or while its body was read.
  const failIfStopped = (): void => {
    if (signal?.aborted) throw new ApiError('aborted', i18n.t('api.aborted'));
    if (timeout.aborted) fail(new ApiError('timeout', httpStatusText(408, path), { status: 408 }), quiet);
  };

  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', headers, body, signal: combined });
  } catch {
    failIfStopped();
    return fail(new ApiError('network', i18n.t('api.networkError')), quiet);
  }
  if (res.status === 429) return tooManyRequests(res, quiet);

  let json: unknown;
  try {
    json = await res.json();
  } catch (error) {
    failIfStopped();
    // The connection broke in the middle of the body; anything else is not JSON, judged by its status below.
    if (!(error instanceof SyntaxError)) return fail(new ApiError('network', i18n.t('api.networkError')), quiet);
    json = undefined;
  }
  if (isEnvelope(json)) return handleEnvelope(json as Envelope<D>, quiet);
  if (!res.ok) return fail(new ApiError('http', httpStatusText(res.status, path), { status: res.status }), quiet);
  return fail(new ApiError('http', i18n.t('api.badResponse'), { status: res.status }), quiet);
}
