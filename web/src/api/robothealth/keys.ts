export const healthKeys = {
  all: ['robothealth'] as const,
  list: (body: unknown) => ['robothealth', 'list', body] as const,
  device: (deviceId: number) => ['robothealth', 'device', deviceId] as const,
};
