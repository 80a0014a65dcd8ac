/** Query keys of the message centre: the header's unread count and the centre's lists share the prefix. */
export const messageKeys = {
  all: ['message'] as const,
  unread: () => ['message', 'unreadCount'] as const,
  list: (...rest: unknown[]) => ['message', 'list', ...rest] as const,
};
