import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import chestOpenUrl from '../assets/chest-open.svg';
import chestUrl from '../assets/chest.svg';
import coinUrl from '../assets/coin.svg';
import eggTapUrl from '../assets/egg-tap.svg';
import eggUrl from '../assets/egg.svg';
import ticketUrl from '../assets/ticket.svg';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionContext } from '../lib/session.tsx';
import { prefs } from '../lib/storage.ts';
import { useAppStore } from '../lib/store.ts';
import type { LaunchSession } from '../lib/telegram.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { preloadScreens, routes } from './router.tsx';
import { StartGate } from './start-gate.tsx';

/** Images the start page waits for (SPEC.md "Start gate"). */
export const PRELOAD_IMAGES = [eggUrl, chestUrl, coinUrl, ticketUrl, eggTapUrl, chestOpenUrl];

export function App({ session }: { session: LaunchSession }) {
  const [queryClient] = useState(() => createQueryClient());
  const router = useMemo(() => createBrowserRouter(routes), []);
  // The tab screens are separate chunks: fetched once the first screen is up.
  useEffect(() => {
    const timer = setTimeout(preloadScreens, 1_500);
    return () => clearTimeout(timer);
  }, []);
  useState(() => {
    useAppStore.getState().setUser(session.user.id);
    useAppStore.getState().setMuted(prefs.muted(session.user.id));
  });

  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={session}>
          <StartGate session={session} images={PRELOAD_IMAGES}>
            <RouterProvider router={router} />
          </StartGate>
        </SessionContext.Provider>
        <ToastContainer
          position="top-center"
          autoClose={3000}
          theme="dark"
          transition={Bounce}
          newestOnTop
          closeOnClick
          limit={3}
        />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
