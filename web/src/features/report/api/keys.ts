export const reportKeys = {
  all: ['taskReport'] as const,
  list: (filter: unknown) => ['taskReport', 'list', filter] as const,
  detail: (id: number) => ['taskReport', 'detail', id] as const,
  children: (gid: number) => ['taskReport', 'children', gid] as const,
  chart: (call: string, body: unknown) => ['taskReport', call, body] as const,
  mapInfo: (deviceId: number, mapName: string) => ['taskReport', 'mapInfo', deviceId, mapName] as const,
  mapPicture: (deviceId: number, mapName: string, version: unknown) => ['taskReport', 'mapPicture', deviceId, mapName, version] as const,
};
