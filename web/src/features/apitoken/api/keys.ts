/** Query keys of the API token calls: the list and the keys a new token may get. */
export const tokenKeys = {
  all: ['apitoken'] as const,
  list: (...rest: unknown[]) => ['apitoken', 'list', ...rest] as const,
  grantable: () => ['apitoken', 'grantable'] as const,
};
