/**
 * Calls to a robot's own web API through the server's relay: `GET|POST /relay?m=<robot path>&p=<port>`
 * (README "Robots", api-spec.md 7.9). The relay is signed and authenticated like every call.
 *
 * - The server's own refusals (offline, no permission, another user's control lease, timeout ...)
 *   come in the envelope and are handled like any call: the message as a toast unless `quiet`,
 *   10003 signs the user out.
 * - The robot's answer comes back untouched: JSON `{code, msg, ...data}` (code 0 = success) or a
 *   picture. A robot refusal (code ≠ 0, or HTTP 404/405/503 with `{code, msg}`) rejects with a
 *   `RobotRefusal`, which the caller shows: the server adds `refusal: {message, field, reason}` to a
 *   robot's refusal (its one catalogue of robot refusals, in the request's language), kept as the
 *   refusal's `text` and `field`; callers fall back on the robot's code only when it is missing.
 */
import { i18n } from '@/i18n/instance';
import { buildHeaders, DEFAULT_TIMEOUT_MS, fail, handleEnvelope, httpStatusText, isEnvelope, type CallOptions } from './client';
import { ApiError } from './errors';
import { offlineRobotCommand } from './robot-commands';

export interface RelayTarget {
  deviceId: number;
  /** The robot's FRP port (the relay finds the robot by it). */
  port: number;
}

/** A robot's answer: code 0 plus its data fields at the top level. */
export type RobotAnswer = { code: number; msg?: string } & Record<string, unknown>;

/** What the server says of a robot's refusal (the relay adds it to the robot's answer). */
export interface RefusalNote {
  message: string;
  /** The robot call's parameter concerned (`forbidden_zone`, `task_list` ...), when one is. */
  field: string | null;
  reason: string | null;
  /** Which one of a list parameter's shapes (from 1), when the refusal concerns one. */
  index?: number;
}

export class RobotRefusal extends Error {
  readonly code: number;
  /** The HTTP status the robot answered with (200 for its ordinary refusals). */
  readonly status: number;
  /** The refusal in the user's language, from the server; undefined when it sent none. */
  readonly text?: string;
  /** The robot parameter the refusal concerns, from the server. */
  readonly field?: string;
  /** Which one of that parameter's shapes (from 1), when the refusal concerns one. */
  readonly index?: number;
  constructor(code: number, message: string, status: number, note?: RefusalNote) {
    super(message);
    this.name = 'RobotRefusal';
    this.code = code;
    this.status = status;
    this.text = note?.message || undefined;
    this.field = note?.field ?? undefined;
    this.index = note?.index;
  }
}

function noteOf(answer: unknown): RefusalNote | undefined {
  const note = (answer as { refusal?: unknown } | undefined)?.refusal as Partial<RefusalNote> | undefined;
  if (typeof note !== 'object' || note === null || typeof note.message !== 'string') return undefined;
  return {
    message: note.message,
    field: typeof note.field === 'string' ? note.field : null,
    reason: typeof note.reason === 'string' ? note.reason : null,
    index: typeof note.index === 'number' && Number.isInteger(note.index) && note.index > 0 ? note.index : undefined,
  };
}

export function isRobotRefusal(value: unknown): value is RobotRefusal {
  return value instanceof RobotRefusal;
}

interface RelayOptions extends CallOptions {
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
}

/** The relay's address; a query in `path` (`api2/image/a.png?v=3`) goes to the robot as its own parameters. */
function relayUrl(target: RelayTarget, path: string): string {
  const [robotPath = '', robotQuery = ''] = path.split('?', 2);
  const query = new URLSearchParams({ m: robotPath, p: String(target.port), deviceId: String(target.deviceId) });
  new URLSearchParams(robotQuery).forEach((value, key) => {
    if (!query.has(key)) query.append(key, value);
  });
  return `/relay?${query.toString()}`;
}

async function send(target: RelayTarget, path: string, options: RelayOptions): Promise<Response> {
  const { signal, quiet, timeoutMs = DEFAULT_TIMEOUT_MS, method = 'POST', body } = options;
  const offline = offlineRobotCommand(path, method, true); // never queued: refused at once (robot-commands.ts)
  if (offline) return fail(offline, quiet);
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const headers = await buildHeaders(method === 'POST');
  if (method === 'GET') headers.Accept = '*/*';
  try {
    return await fetch(relayUrl(target, path), {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      signal: combined,
    });
  } catch {
    if (signal?.aborted) throw new ApiError('aborted', i18n.t('api.aborted'));
    const error = timeout.aborted
      ? new ApiError('timeout', httpStatusText(408, path), { status: 408 })
      : new ApiError('network', i18n.t('api.networkError'));
    return fail(error, quiet);
  }
}

/** The answer's JSON, or undefined when it is none (or the connection broke while it was read). */
async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

/** A robot call answering JSON; resolves with the robot's answer when its code is 0. */
export async function relayCall<T extends RobotAnswer = RobotAnswer>(
  target: RelayTarget,
  path: string,
  options: RelayOptions = {},
): Promise<T> {
  const res = await send(target, path, options);
  const json = await readJson(res);
  if (isEnvelope(json)) return handleEnvelope(json, options.quiet) as never;
  if (typeof json === 'object' && json !== null && typeof (json as { code?: unknown }).code === 'number') {
    const answer = json as T;
    if (answer.code === 0 && res.ok) return answer;
    throw new RobotRefusal(answer.code, String(answer.msg ?? ''), res.status, noteOf(answer));
  }
  throw new RobotRefusal(-1, res.ok ? i18n.t('api.badResponse') : httpStatusText(res.status, path), res.status);
}

/** A robot picture (a map image): resolves with its bytes. */
export async function relayBlob(target: RelayTarget, path: string, options: CallOptions = {}): Promise<Blob> {
  const res = await send(target, path, { ...options, method: 'GET' });
  const type = res.headers.get('content-type') ?? '';
  if (res.ok && !type.includes('json')) return res.blob();
  const json = await readJson(res);
  if (isEnvelope(json)) return handleEnvelope(json, options.quiet) as never;
  const robot = json as { code?: number; msg?: string } | undefined;
  throw new RobotRefusal(robot?.code ?? -1, robot?.msg ?? httpStatusText(res.status, path), res.status, noteOf(robot));
}
