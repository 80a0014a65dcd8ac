/** A new build's service worker is waiting (set by register.ts); `apply` activates it and reloads. */
import { create } from 'zustand';

export interface UpdateState {
  ready: boolean;
  apply: () => void;
}

export const useUpdate = create<UpdateState>(() => ({ ready: false, apply: () => undefined }));
