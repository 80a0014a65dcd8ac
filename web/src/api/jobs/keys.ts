/** Query keys of the data jobs (jobs.ts): one job's progress, under the prefix `jobs`. */
export const jobKeys = {
  all: ['jobs'] as const,
  job: (id: number) => ['jobs', 'job', id] as const,
};
