/** The data retention page's query keys: a node's periods (null: the caller's own node). */
export const retentionKeys = {
  all: () => ['retention'] as const,
  node: (userId: number | null) => ['retention', 'node', userId] as const,
};
