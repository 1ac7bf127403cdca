/** Per-user local preferences (SPEC.md sections 3 and 6): token, mute flag, high score. */
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
  /** Muted by default (SPEC.md section 3). */
  muted: (id: number) => read(key(id, 'muted')) !== 'off',
  setMuted: (id: number, muted: boolean) => write(key(id, 'muted'), muted ? 'on' : 'off'),
  highScore: (id: number) => Number(read(key(id, 'high-score')) ?? 0) || 0,
  setHighScore: (id: number, v: number) => write(key(id, 'high-score'), String(v)),
};
