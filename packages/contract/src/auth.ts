import { z } from 'zod';
import { userId } from './common.ts';

/** POST /auth/login. `initData` is the Telegram launch data, validated on the server. */
export const loginRequest = z.object({
  userid: userId,
  initData: z.string().min(1).max(8192),
  /** The device's time zone (an IANA name such as Europe/Berlin): the bot's quiet hours. */
  timeZone: z.string().max(64).optional(),
  /**
   * The Telegram platform of the launch ('ios', 'android', 'tdesktop', …): with the user agent,
   * what the device's salted hash is made of (the airdrop's fairness signals).
   */
  platform: z.string().max(32).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET /dev/launch (development mode only): signed launch data for a development user. */
export const devLaunchQuery = z.object({
  userid: userId,
  first_name: z.string().min(1).max(64).optional(),
  last_name: z.string().max(64).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(16).optional(),
  is_premium: z.enum(['true', 'false']).optional(),
  start_param: z.string().max(512).optional(),
});
export type DevLaunchQuery = z.infer<typeof devLaunchQuery>;

export const devLaunchResponse = z.object({ initData: z.string() });
export type DevLaunchResponse = z.infer<typeof devLaunchResponse>;
