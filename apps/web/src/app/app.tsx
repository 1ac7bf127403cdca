import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Router } from 'wouter';
import chestOpenUrl from '../assets/chest-open.svg';
import chestUrl from '../assets/chest.svg';
import coinUrl from '../assets/coin.svg';
import eggTapUrl from '../assets/egg-tap.svg';
import eggUrl from '../assets/egg.svg';
import ticketUrl from '../assets/ticket.svg';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionContext } from '../lib/session.tsx';
import { useSettingsSync } from '../lib/settings.ts';
import { prefs } from '../lib/storage.ts';
import { useAppStore } from '../lib/store.ts';
import type { LaunchSession } from '../lib/telegram.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { useAppLocation } from './history.ts';
import { AppRoutes, preloadScreens } from './router.tsx';
import { StartGate } from './start-gate.tsx';

/** Images the start page waits for. */
export const PRELOAD_IMAGES = [eggUrl, chestUrl, coinUrl, ticketUrl, eggTapUrl, chestOpenUrl];

// The toasts' library and styles come after the first screen (lib/toast.ts).
const Toasts = lazy(() => import('./toasts.tsx'));

export function App({ session }: { session: LaunchSession }) {
  const [queryClient] = useState(() => createQueryClient());
  // The tab screens are separate chunks: fetched once the first screen is up.
  useEffect(() => {
    const timer = setTimeout(preloadScreens, 1_500);
    return () => clearTimeout(timer);
  }, []);
  useState(() => {
    useAppStore.getState().setMuted(prefs.muted(session.user.id));
  });

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>
          <StartGate session={session} images={PRELOAD_IMAGES}>
            <SettingsSync />
            <Router hook={useAppLocation}>
              <AppRoutes />
            </Router>
          </StartGate>
        </SessionContext.Provider>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}

/** The player's settings from the server, applied on this device once logged in. */
function SettingsSync() {
  useSettingsSync();
  return null;
}
