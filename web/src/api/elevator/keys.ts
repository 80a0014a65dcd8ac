/** Query keys of the elevator calls: the page's list and details, and the pickers' options. */
export const elevatorKeys = {
  all: ['elevator'] as const,
  list: (...rest: unknown[]) => ['elevator', 'list', ...rest] as const,
  one: (elevatorId: number) => ['elevator', 'one', elevatorId] as const,
  options: () => ['elevator', 'options'] as const,
};
