/** Query keys of the field kit: its snapshot per person and language (a queued action landing asks it again). */
export const fieldKeys = {
  all: ['field'] as const,
  snapshot: (userId: number, language: string) => ['field', 'snapshot', userId, language] as const,
};
