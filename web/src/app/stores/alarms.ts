/** Unread alarm count for the header badge; the alarm centre feature keeps it up to date. */
import { create } from 'zustand';

interface AlarmsState {
  unread: number;
  setUnread(count: number): void;
}

export const BADGE_CAP = 99;

export const useAlarmsStore = create<AlarmsState>((set) => ({
  unread: 0,
  setUnread: (count) => set({ unread: Math.max(0, Math.floor(count)) }),
}));
