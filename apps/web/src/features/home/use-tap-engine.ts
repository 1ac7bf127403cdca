import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { incomeIntervalMs } from '@egg-rush/game/income';
import { useProfile } from '../../lib/profile.ts';
import { useSession } from '../../lib/session.tsx';
import { growOnion, growUp } from './api.ts';
import { FLUSH_AT_TAPS, FLUSH_INTERVAL_MS, flushTaps } from './tap-engine.ts';
import { useTapStore } from './tap-store.ts';

/** Design choice: the server's energy and balance are re-read every 10 s while Home is open. */
export const RECONCILE_MS = 10_000;

/**
 * Keeps the local prediction running while Home is shown: adopts the profile, ticks the clock
 * (every second for energy, at 3,600,000 / earnPerHour ms for income), flushes taps on time, at
 * 50 taps and when the page hides, and reconciles with growUp / growOnion.
 */
export function useTapEngine() {
  const { user } = useSession();
  const client = useQueryClient();
  const { data: profile, dataUpdatedAt } = useProfile();
  const flush = useCallback(() => flushTaps(user.id, client), [user.id, client]);

  useEffect(() => {
    if (!profile) return;
    const s = useTapStore.getState();
    if (s.inFlight > 0) return;
    s.sync(
      { onion: profile.onion, energy: profile.energy },
      {
        maxEnergy: profile.maxEnergy,
        earnPerTap: profile.earnPerTap,
        loseEnergyPerTap: profile.loseEnergyPerTap,
        earnPerHour: profile.earnPerHour,
      },
      Date.now(),
    );
  }, [profile, dataUpdatedAt]);

  const earnPerHour = profile?.earnPerHour ?? 0;
  useEffect(() => {
    const income = incomeIntervalMs(earnPerHour);
    const every = Math.max(100, Math.min(1000, income ?? 1000));
    const timer = setInterval(() => useTapStore.getState().tick(Date.now()), every);
    return () => clearInterval(timer);
  }, [earnPerHour]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (useTapStore.getState().queued > 0) void flush();
    }, FLUSH_INTERVAL_MS);
    const unsubscribe = useTapStore.subscribe((s, prev) => {
      if (s.queued >= FLUSH_AT_TAPS && prev.queued < FLUSH_AT_TAPS) void flush();
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      void flush();
    };
  }, [flush]);

  useEffect(() => {
    const timer = setInterval(() => {
      const s = useTapStore.getState();
      if (s.queued > 0 || s.inFlight > 0 || !s.ready) return;
      void Promise.all([growUp(user.id), growOnion(user.id)])
        .then(([e, o]) => {
          const now = useTapStore.getState();
          if (now.queued > 0 || now.inFlight > 0) return;
          now.sync({ energy: e.energy, onion: o.onion }, now.rates, Date.now());
        })
        .catch(() => undefined);
    }, RECONCILE_MS);
    return () => clearInterval(timer);
  }, [user.id]);

  return flush;
}
