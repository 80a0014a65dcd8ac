import { create } from 'zustand';

interface SearchPanelState {
  open: boolean;
  show(): void;
  hide(): void;
}

export const useSearchPanel = create<SearchPanelState>((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
