import { z } from 'zod';
import { LANGUAGE_CODES } from '@egg-rush/game/language';
import { userId } from './common.ts';

/** The languages the game speaks (the web app's catalogues, the bot's texts). */
export const LANGUAGES = LANGUAGE_CODES;
export type { LanguageCode } from '@egg-rush/game/language';

/**
 * The player's own settings, kept with the profile so that they follow the player across
 * devices. `language` is null until the player picks one (Telegram's language is used then);
 * `reducedMotion` 'system' follows the device.
 */
export const settings = z.object({
  language: z.enum(LANGUAGES).nullable(),
  sound: z.boolean(),
  haptics: z.boolean(),
  reducedMotion: z.enum(['system', 'on', 'off']),
  guideSeen: z.boolean(),
});
export type Settings = z.infer<typeof settings>;

/** The values of a player who never changed anything (sound starts muted, as before). */
export const DEFAULT_SETTINGS: Settings = {
  language: null,
  sound: false,
  haptics: true,
  reducedMotion: 'system',
  guideSeen: false,
};

/** PUT /users/settings: the settings to change (any subset), with the caller's id. */
export const settingsUpdate = settings
  .partial()
  .extend({ userid: userId.optional() })
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== 'userid'), 'Nothing to change.');
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

/** The player's settings after the change. */
export const settingsResponse = z.object({ settings });
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** GET /users/get/:id: the player's profile, as the server computes it now. */
export const profile = z.object({
  id: z.number(),
  username: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string().nullable(),
  photoUrl: z.string().nullable(),
  languageCode: z.string().nullable(),
  onion: z.number(),
  ticket: z.number(),
  totalScore: z.number(),
  earnPerHour: z.number(),
  userLevel: z.number(),
  cheatCount: z.number(),
  energy: z.number(),
  maxEnergy: z.number(),
  earnPerTap: z.number(),
  loseEnergyPerTap: z.number(),
  rewardStreak: z.number(),
  boosts: z.array(z.object({ name: z.string() })),
  golden: z.number(),
  wooden: z.number(),
  boostEndAt: z.string().nullable(),
  /** Levels bought of Touch Income and Energy Capacity (prices: packages/game/src/boosts.ts). */
  touchIncomeLevel: z.number(),
  energyCapacityLevel: z.number(),
  /** Full Energy refills still allowed in the current game day. */
  refillsLeft: z.number(),
  walletAddress: z.string().nullable(),
  friendCount: z.number(),
  /** Whether today's check-in is still to claim (the start gate claims only then). */
  dailyClaimable: z.boolean(),
  settings,
  serverTime: z.number(),
  /** The active game configuration's version (GET /config): the app fetches it again when this changes. */
  configVersion: z.number().optional(),
});
export type Profile = z.infer<typeof profile>;
