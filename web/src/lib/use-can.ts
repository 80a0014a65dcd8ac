import { useCallback } from 'react';
import { hasPermission, useSessionStore } from './session';

/**
 * `can(...keys)`: whether the signed-in user holds any of these permission keys (buttons are shown
 * only then; the server checks too).
 */
export function useCan(): (...keys: string[]) => boolean {
  const user = useSessionStore((s) => s.user);
  return useCallback((...keys: string[]) => keys.some((key) => hasPermission(user, key)), [user]);
}
