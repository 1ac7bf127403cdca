import { create } from 'zustand';

/** How much the interface moves: the device's setting, or the player's own choice. */
export type Motion = 'system' | 'on' | 'off';

/**
 * Small client state: sound, vibration and motion (the player's settings), whether Telegram has
 * collapsed the view, and whether its menu asked for the settings.
 */
interface AppState {
  muted: boolean;
  haptics: boolean;
  reducedMotion: Motion;
  /** True while the Telegram view is collapsed: all sound stops. */
  collapsed: boolean;
  setMuted: (muted: boolean) => void;
  setHaptics: (haptics: boolean) => void;
  setReducedMotion: (reducedMotion: Motion) => void;
  setCollapsed: (collapsed: boolean) => void;
  /** Telegram's menu asked for the settings: Home opens them (and clears this). */
  settingsAsked: boolean;
  askSettings: (asked: boolean) => void;
}

export const useAppStore = create<AppState>((set) => ({
  muted: true,
  haptics: true,
  reducedMotion: 'system',
  collapsed: false,
  setMuted: (muted) => set({ muted }),
  setHaptics: (haptics) => set({ haptics }),
  setReducedMotion: (reducedMotion) => {
    // 'on' stills every animation, 'off' keeps them even where the device asks for less.
    document.documentElement.dataset.motion =
      reducedMotion === 'on' ? 'reduce' : reducedMotion === 'off' ? 'full' : 'system';
    set({ reducedMotion });
  },
  setCollapsed: (collapsed) => set({ collapsed }),
  settingsAsked: false,
  askSettings: (settingsAsked) => set({ settingsAsked }),
}));

/** Sound may play: not muted and the view is not collapsed. */
export const soundOn = () => {
  const s = useAppStore.getState();
  return !s.muted && !s.collapsed;
};

/** Whether the interface should move less: the player's choice, else the device's. */
export const motionReduced = () => {
  const choice = useAppStore.getState().reducedMotion;
  if (choice !== 'system') return choice === 'on';
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
};
