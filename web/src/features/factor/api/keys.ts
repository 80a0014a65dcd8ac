/** Query keys of the "Two factors" page: the person's factors, and a node's sign-in policy. */
export const factorKeys = {
  all: ['factor'] as const,
  status: () => ['factor', 'status'] as const,
  policy: (userId: number | null) => ['factor', 'policy', userId] as const,
};
