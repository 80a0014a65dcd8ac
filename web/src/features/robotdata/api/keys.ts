export const robotDataKeys = {
  all: ['robotdata'] as const,
  robotLogs: (deviceId: number, kind: string) => ['robotdata', 'robotLogs', deviceId, kind] as const,
  logs: (filter: unknown) => ['robotdata', 'logs', filter] as const,
  backups: (filter: unknown) => ['robotdata', 'backups', filter] as const,
  contents: (id: number) => ['robotdata', 'contents', id] as const,
  records: (serial: string, from: string, to: string) => ['robotdata', 'records', serial, from, to] as const,
};
