import { isLanguage, type Language } from './language.ts';

/**
 * Per-user local preferences: token, mute flag, high score, and a copy of the settings kept on
 * the server (the language) for the first paint.
 */
const key = (userId: number, name: string) => `egg-rush:${userId}:${name}`;

function read(k: string): string | null {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
}
function write(k: string, v: string) {
  try {
    localStorage.setItem(k, v);
  } catch {
    /* storage unavailable: keep going in memory */
  }
}

export const prefs = {
  token: (id: number) => read(key(id, 'token')),
  setToken: (id: number, v: string) => write(key(id, 'token'), v),
  /** Muted by default. */
  muted: (id: number) => read(key(id, 'muted')) !== 'off',
  setMuted: (id: number, muted: boolean) => write(key(id, 'muted'), muted ? 'on' : 'off'),
  language: (id: number): Language | undefined => {
    const value = read(key(id, 'language'));
    return isLanguage(value) ? value : undefined;
  },
  setLanguage: (id: number, v: Language) => write(key(id, 'language'), v),
  highScore: (id: number) => Number(read(key(id, 'high-score')) ?? 0) || 0,
  setHighScore: (id: number, v: number) => write(key(id, 'high-score'), String(v)),
};
