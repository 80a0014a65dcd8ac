/** Query keys of the privacy feature: data jobs (a person's export and erasure) and an erasure's check. */
export const privacyKeys = {
  all: ['privacy'] as const,
  jobs: (subjectId: number | null) => ['privacy', 'jobs', subjectId] as const,
  eraseCheck: (userId: number) => ['privacy', 'eraseCheck', userId] as const,
};
