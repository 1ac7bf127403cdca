import type { DailyClaimResponse } from '@egg-rush/contract/daily';
import { call, setToken } from '../lib/api-client.ts';
import { nextTask } from '../lib/next-task.ts';
import { prefs } from '../lib/storage.ts';
import type { LaunchSession } from '../lib/telegram.ts';

/** Logs in with the launch data; the token is kept per user. */
export async function login(session: LaunchSession): Promise<void> {
  // Reading the time zone loads the browser's calendar data, a long step on a slow phone: a
  // task of its own, apart from the first render.
  await nextTask();
  const timeZone = localTimeZone();
  await nextTask();
  const { token } = await call('login', {
    body: {
      userid: session.user.id,
      initData: session.initData,
      timeZone,
      platform: session.platform?.slice(0, 32),
    },
  });
  prefs.setToken(session.user.id, token);
  setToken(token);
}

/** The daily check-in; null when it was refused or failed (errors are only logged). */
export async function claimDaily(userId: number): Promise<DailyClaimResponse | null> {
  try {
    const res = await call('daily', { body: { userid: userId } });
    return res.status === 'success' ? res : null;
  } catch (error) {
    console.info('daily claim:', error instanceof Error ? error.message : error);
    return null;
  }
}

/** The device's time zone (the bot keeps quiet at night there); undefined when unknown. */
function localTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
