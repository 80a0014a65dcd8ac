import { create } from 'zustand';

/** Whether the phone's menu drawer is open (below 768 px the side menu is a drawer: issue 32). */
interface PhoneMenuState {
  open: boolean;
  setOpen(open: boolean): void;
}

export const usePhoneMenu = create<PhoneMenuState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
