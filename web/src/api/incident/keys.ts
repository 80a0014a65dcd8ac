export const incidentKeys = {
  all: ['incident'] as const,
  list: (...rest: unknown[]) => ['incident', 'list', ...rest] as const,
  details: () => ['incident', 'detail'] as const,
  detail: (incidentId: number, language: string) => ['incident', 'detail', incidentId, language] as const,
  count: () => ['incident', 'count'] as const,
  figures: (...rest: unknown[]) => ['incident', 'figures', ...rest] as const,
  chart: (...rest: unknown[]) => ['incident', 'chart', ...rest] as const,
  settings: (kind: 'rules' | 'duty') => ['incident', kind] as const,
  rules: (userId: number | null) => ['incident', 'rules', userId] as const,
  duty: (userId: number | null) => ['incident', 'duty', userId] as const,
};
