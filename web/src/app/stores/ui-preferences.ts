/**
 * Interface preferences: the component size (product-spec.md 2: default 'default', per user) and
 * whether the side menu is collapsed (per browser).
 */
import { create } from 'zustand';
import { readStored, writeStored } from '@/lib/storage';

export const UI_SIZES = ['small', 'default', 'large'] as const;
export type UiSize = (typeof UI_SIZES)[number];

/** antd calls the default size 'middle'. */
export function antdSize(size: UiSize): 'small' | 'middle' | 'large' {
  return size === 'default' ? 'middle' : size;
}

interface UiPreferencesState {
  owner: number | null;
  size: UiSize;
  menuCollapsed: boolean;
  loadFor(owner: number | null): void;
  setSize(size: UiSize): void;
  setMenuCollapsed(collapsed: boolean): void;
}

const sizeName = (owner: number) => `uiSize:${owner}`;

function readSize(owner: number | null): UiSize {
  if (owner === null) return 'default';
  const saved = readStored<string>(sizeName(owner));
  return (UI_SIZES as readonly string[]).includes(saved ?? '') ? (saved as UiSize) : 'default';
}

export const useUiPreferences = create<UiPreferencesState>((set, get) => ({
  owner: null,
  size: 'default',
  menuCollapsed: readStored<boolean>('menuCollapsed') === true,
  loadFor: (owner) => set({ owner, size: readSize(owner) }),
  setSize(size) {
    const { owner } = get();
    if (owner !== null) writeStored(sizeName(owner), size);
    set({ size });
  },
  setMenuCollapsed(menuCollapsed) {
    writeStored('menuCollapsed', menuCollapsed);
    set({ menuCollapsed });
  },
}));
