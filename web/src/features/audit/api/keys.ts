/** Query keys of the audit trail's calls. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (body: unknown) => ['audit', 'list', body] as const,
  siem: () => ['audit', 'siem'] as const,
};
