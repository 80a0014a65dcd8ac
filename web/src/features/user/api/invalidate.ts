import { useQueryClient } from '@tanstack/react-query';
import { userKeys } from './keys';

/** After any change: every list of the feature reads again (they are small and few). */
export function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}
