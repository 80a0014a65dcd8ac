export const pushKeys = {
  all: ['push'] as const,
  key: () => ['push', 'key'] as const,
  list: (endpoint: string | null) => ['push', 'list', endpoint] as const,
};
