import { useQuery } from '@tanstack/react-query';
import { post } from '@/api/client';
import { deviceKeys } from '@/api/device/keys';

/** Every robot of the user's branch, briefly: the picker of robots to bind. */
export const useRobots = (enabled: boolean) =>
  useQuery({
    queryKey: deviceKeys.brief(null),
    queryFn: ({ signal }) => post('/api/device/selectAllDevice', {}, { signal }),
    enabled,
  });
