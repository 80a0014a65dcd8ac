/** Query keys of the sessions page: a person's (or a child's) sessions and API tokens. */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: (userId: number | null) => ['sessions', 'list', userId] as const,
};
