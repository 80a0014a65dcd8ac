/**
 * Where a tapped push notification may take the console (issue 32 item 4). The server puts a console
 * path in each message (`/warn/index/warn?alarmId=7`); the worker opens only a path of this origin,
 * so a message can never send the user to another site (`//evil.example`, `https://…`,
 * `javascript:`). Anything else opens the console's start page. Pure: the service worker and the
 * tests share it.
 */

/** The console's start page, opened for a message without a usable path. */
export const PUSH_FALLBACK_PATH = '/';

/** What the worker posts to an open console window when a notification is tapped: `{ type, path }`. */
export const OPEN_MESSAGE = 'cleanfleet:open';

const MAX_PATH_LENGTH = 512;

/** The same-origin path (with query and hash) to open for `url`, or PUSH_FALLBACK_PATH. */
export function consolePathOf(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_PATH_LENGTH) return PUSH_FALLBACK_PATH;
  // only a rooted path: not "//host", not "/\host" (browsers read a backslash as a slash), no scheme
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return PUSH_FALLBACK_PATH;
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return PUSH_FALLBACK_PATH;
  }
  if (resolved.origin !== new URL(origin).origin) return PUSH_FALLBACK_PATH;
  // the API is not a page: a notification never opens a raw call
  if (resolved.pathname === '/api' || resolved.pathname.startsWith('/api/')) return PUSH_FALLBACK_PATH;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** What a push message carries (the server's contract); fields checked, never trusted. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: 'alarm' | 'resolved' | 'run' | 'test';
  id: number | string | null;
}

const KINDS = new Set(['alarm', 'resolved', 'run', 'test']);
const MAX_TITLE = 200;
const MAX_BODY = 1_000;
const MAX_TAG = 100;

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** The message's fields, bounded, from the decrypted JSON (anything else gives a plain message). */
export function readPushMessage(data: unknown, fallbackTitle: string): PushMessage {
  const raw = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const id = typeof raw.id === 'number' || typeof raw.id === 'string' ? raw.id : null;
  return {
    title: text(raw.title, MAX_TITLE) || fallbackTitle,
    body: text(raw.body, MAX_BODY),
    url: typeof raw.url === 'string' ? raw.url : PUSH_FALLBACK_PATH,
    tag: text(raw.tag, MAX_TAG),
    kind: KINDS.has(raw.kind as string) ? (raw.kind as PushMessage['kind']) : 'test',
    id,
  };
}
