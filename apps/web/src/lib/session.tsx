import { createContext, useContext } from 'react';
import type { LaunchSession } from './telegram.ts';

/** Who is playing (from the validated launch data) — set once the player is logged in. */
export const SessionContext = createContext<LaunchSession | null>(null);

export function useSession(): LaunchSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the logged-in app');
  return session;
}
