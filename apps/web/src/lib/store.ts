import { create } from 'zustand';

/** Small client state: who is playing, sound, and whether Telegram has collapsed the view. */
interface AppState {
  userId: number;
  muted: boolean;
  /** True while the Telegram view is collapsed: all sound stops. */
  collapsed: boolean;
  setUser: (id: number) => void;
  setMuted: (muted: boolean) => void;
  setCollapsed: (collapsed: boolean) => void;
}

export const useAppStore = create<AppState>((set) => ({
  userId: 0,
  muted: true,
  collapsed: false,
  setUser: (userId) => set({ userId }),
  setMuted: (muted) => set({ muted }),
  setCollapsed: (collapsed) => set({ collapsed }),
}));

/** Sound may play: not muted and the view is not collapsed. */
export const soundOn = () => {
  const s = useAppStore.getState();
  return !s.muted && !s.collapsed;
};
