/**
 * Query keys of the remote control pages: by robot, then by what is read. As in the fleet screens,
 * queries do not hand TanStack Query's abort signal to the client (a poll cancelled while its answer
 * is read would surface as an "unreadable answer" toast).
 */
export const remoteKeys = {
  all: ['remote'] as const,
  onlineRobots: () => ['remote', 'online'] as const,
  robot: (deviceId: number, ...rest: unknown[]) => ['remote', 'robot', deviceId, ...rest] as const,
};
