/** Query keys of everything made of stored files: an upload or a delete refreshes them all. */
export const filesKeys = {
  all: ['files'] as const,
  oss: (body: unknown) => ['files', 'oss', body] as const,
  info: ['files', 'oss-info'] as const,
  entries: (kind: string, body: unknown) => ['files', 'entries', kind, body] as const,
  categories: (kind: string) => ['files', 'categories', kind] as const,
  media: (body: unknown) => ['files', 'media', body] as const,
  playlists: (body: unknown) => ['files', 'playlists', body] as const,
  log: (body: unknown) => ['files', 'log', body] as const,
};
