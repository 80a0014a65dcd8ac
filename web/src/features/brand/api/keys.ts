/** The brand page's query keys: a node's brand (null: the caller's own node). */
export const brandKeys = {
  all: () => ['brand'] as const,
  node: (userId: number | null) => ['brand', 'node', userId] as const,
};
