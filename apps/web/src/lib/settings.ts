import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Settings } from '@egg-rush/contract/users';
import { call } from './api-client.ts';
import { toastError } from './errors.ts';
import { currentLanguage, isLanguage, pickLanguage, setLanguage } from './i18n.tsx';
import { useProfile, useProfileCache } from './profile.ts';
import { useSession } from './session.tsx';
import { prefs } from './storage.ts';
import { useAppStore } from './store.ts';

/**
 * The player's settings, kept on the server with the profile (PUT /users/settings) so that they
 * follow the player across devices; sound, vibration and motion live in the app store, the
 * language in lib/i18n.tsx, and a copy of each on this device for the next launch's first paint.
 */

/** Applies the server's settings to this device whenever they change (a login on another device). */
export function useSettingsSync() {
  const { data } = useProfile();
  const { user } = useSession();
  const settings = data?.settings;
  const key = settings ? JSON.stringify(settings) : null;
  useEffect(() => {
    if (!settings) return;
    const store = useAppStore.getState();
    store.setMuted(!settings.sound);
    prefs.setMuted(user.id, !settings.sound);
    store.setHaptics(settings.haptics);
    store.setReducedMotion(settings.reducedMotion);
    const language = settings.language ?? pickLanguage(user.languageCode);
    if (isLanguage(language) && language !== currentLanguage()) {
      prefs.setLanguage(user.id, language);
      void setLanguage(language);
    }
    // `key` stands for `settings`: the effect runs when their values change, not their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, user.id]);
}

/** Changes some settings: at once on this device, then on the server (the reply is kept). */
export function useSaveSettings() {
  const cache = useProfileCache();
  const { user } = useSession();
  const mutation = useMutation({
    mutationFn: (changes: Partial<Settings>) => call('settings', { body: { userid: user.id, ...changes } }),
    onSuccess: ({ settings }) => cache.patch({ settings }),
    onError: (error) => {
      toastError(error, 'settings');
      void cache.refresh();
    },
  });
  return (changes: Partial<Settings>) => {
    cache.patch((p) => ({ settings: { ...p.settings, ...changes } }));
    if (changes.language) {
      prefs.setLanguage(user.id, changes.language);
      void setLanguage(changes.language);
    }
    if (changes.sound !== undefined) {
      useAppStore.getState().setMuted(!changes.sound);
      prefs.setMuted(user.id, !changes.sound);
    }
    if (changes.haptics !== undefined) useAppStore.getState().setHaptics(changes.haptics);
    if (changes.reducedMotion) useAppStore.getState().setReducedMotion(changes.reducedMotion);
    mutation.mutate(changes);
  };
}

/**
 * The bot's reminders, on or off: the one switch the bot's /settings turns too (GET and PUT
 * /bot/notifications), read when the settings open; a change shows at once and is undone if the
 * server refuses it.
 */
export function useNotifications(enabled: boolean): { on: boolean | undefined; set: (on: boolean) => void } {
  const { user } = useSession();
  const client = useQueryClient();
  const key = ['notifications', user.id];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => call('notifications'),
    enabled,
  });
  const mutation = useMutation({
    mutationFn: (on: boolean) => call('setNotifications', { body: { userid: user.id, on } }),
    onSuccess: (reply) => client.setQueryData(key, reply),
    onError: (error) => {
      toastError(error, 'settings');
      void client.invalidateQueries({ queryKey: key });
    },
  });
  return {
    on: data?.on,
    set: (on) => {
      client.setQueryData(key, { on });
      mutation.mutate(on);
    },
  };
}
