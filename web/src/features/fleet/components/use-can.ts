import { useCallback } from 'react';
import { hasPermission, useSessionStore } from '@/app/stores/session';

/** Whether the signed-in user holds a permission key (buttons are shown only then; the server checks too). */
export function useCan(): (key: string) => boolean {
  const user = useSessionStore((s) => s.user);
  return useCallback((key: string) => hasPermission(user, key), [user]);
}
