/** Query keys of one robot's task data; any change refreshes that robot's. */
export const taskKeys = {
  robot: (deviceId: number, ...rest: unknown[]) => ['task', deviceId, ...rest] as const,
};
