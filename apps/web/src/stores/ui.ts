import { create } from "zustand";

/** Transient UI state shared across features (not persisted). */
export interface UiState {
  /** When true the global top bar and bottom bar are hidden (visualizer pages on narrow screens, PRODUCT §2). */
  navHidden: boolean;
  setNavHidden: (hidden: boolean) => void;
}

export const useUiStore = create<UiState>((set) => ({
  navHidden: false,
  setNavHidden: (navHidden) => set({ navHidden }),
}));
