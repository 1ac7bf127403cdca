import { parse, sign, validate } from '@tma.js/init-data-node';
import type { DevLaunchQuery } from '@egg-rush/contract/auth';
import { capLaunchText, LAUNCH_NAME_MAX } from '@egg-rush/game/names';
import { NEW_PLAYER } from '@egg-rush/game/profile';
import { parseInviter } from '@egg-rush/game/referrals';
import { parseSquadStartParam } from '@egg-rush/game/squads';
import { noteLaunch } from '../analytics/index.ts';
import { BANNED_MESSAGE, bansOf } from '../bans/index.ts';
import { gameConfig } from '../config/index.ts';
import { assignNewPlayer } from '../experiments/index.ts';
import { AppError, forbidden, unauthorized } from '../../lib/errors.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Tokens } from '../../lib/token.ts';
import { payReferralRewards } from '../friends/index.ts';
import { write } from '../ledger/index.ts';
import type { Tx } from '../../db/client.ts';
import { joinFromInvite } from '../squads/index.ts';
import { openAccount } from '../accounts/index.ts';
import { findUser, upsertFromLaunch, type LaunchIdentity } from '../users/index.ts';

/** Where a login comes from, as the request says: the address Fastify trusts, the user agent, the platform. */
export interface LoginClient {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The Telegram platform the login named ('ios', 'android', 'tdesktop', …), if it did. */
  platform?: string | undefined;
}

/**
 * A module that follows each login (wired in bootstrap.ts): a campaign's message opened, the
 * fairness signals' session, …
 */
export type LoginFollower = (
  deps: Deps,
  login: { userId: number; startParam: string | undefined; client: LoginClient },
) => Promise<unknown>;
const loginFollowers = new Map<string, LoginFollower>();
/** Registers a follower of logins under a name (again: replaced). */
export function followLogins(name: string, follower: LoginFollower): void {
  loginFollowers.set(name, follower);
}

/** Launch data older than this is refused. */
export const INIT_DATA_MAX_AGE_SECONDS = 86_400;

/** A launch-data text as PostgreSQL can store it: text columns cannot hold NUL characters. */
const storable = (text: string | undefined) => text?.replaceAll('\u0000', '');

export function createAuthService(deps: Deps, tokens: Tokens) {
  /**
   * Validates Telegram launch data: the `hash` (HMAC-SHA256 keyed by the bot token, over every
   * other field, `signature` included when present), age under 24 h. The `signature` field (the
   * Ed25519 signature for third parties) is not needed to trust the data: older Telegram clients
   * do not send it, and the parser, which requires it, gets an empty one after validation.
   */
  function readLaunchData(initData: string) {
    let data: ReturnType<typeof parse>;
    try {
      validate(initData, deps.env.botToken, { expiresIn: 0 });
      const fields = new URLSearchParams(initData);
      if (!fields.has('signature')) fields.set('signature', '');
      data = parse(fields);
    } catch {
      throw unauthorized('Invalid launch data.');
    }
    const age = (deps.now() - data.auth_date.getTime()) / 1000;
    if (age > INIT_DATA_MAX_AGE_SECONDS || age < -300) throw unauthorized('Launch data has expired.');
    const { user } = data;
    if (!user) throw unauthorized('Launch data has no user.');
    return { ...data, user };
  }

  return {
    /** The Telegram user id of valid launch data (the operator console's sign-in). */
    launchUserId(initData: string): number {
      return readLaunchData(initData).user.id;
    },

    async login(
      userid: number,
      initData: string,
      client: LoginClient = {},
      /** Where a login follower's failure is told (the login itself has been written by then). */
      log?: { warn(obj: object, msg: string): void },
    ): Promise<{ token: string; created: boolean }> {
      const data = readLaunchData(initData);
      const tgUser = data.user;
      if (tgUser.id !== userid) throw forbidden('Launch data belongs to another user.');
      // A banned player is refused before anything is written (no name stored, no squad joined).
      if (await bansOf(deps.database).isBanned(tgUser.id)) throw new AppError(403, 'BANNED', BANNED_MESSAGE);
      const identity: LaunchIdentity = {
        id: tgUser.id,
        // Cut at Telegram's own lengths: nothing longer is stored, whatever the launch data says.
        firstName: capLaunchText(tgUser.first_name, LAUNCH_NAME_MAX.firstName) || 'Player',
        lastName: capLaunchText(tgUser.last_name, LAUNCH_NAME_MAX.lastName) || null,
        username: capLaunchText(tgUser.username, LAUNCH_NAME_MAX.username) || null,
        photoUrl: storable(tgUser.photo_url) || null,
        languageCode: storable(tgUser.language_code) || null,
        isPremium: tgUser.is_premium === true,
      };
      const now = new Date(deps.now());
      // Referral rewards and milestones as the active configuration pays them.
      const { referral } = await gameConfig(deps);
      const { created } = await write(deps, async (tx, fx) => {
        const referrer = await inviter(tx, data.start_param, identity.id);
        const referrerId = referrer?.id ?? null;
        const result = await upsertFromLaunch(tx, identity, { referrerId }, now);
        if (result.created) {
          await openAccount(tx, identity.id, now);
          fx.board(identity.id);
          // The starting balance is the ledger's first row, so balances always equal its sums.
          fx.ledger({
            userId: identity.id,
            kind: 'signup',
            deltaCoins: NEW_PLAYER.coins,
            deltaTicket: NEW_PLAYER.ticket,
            at: now,
          });
          // A new player joins the A/B test running, if any: the holdout or a variant, for good.
          await assignNewPlayer(deps.env, tx, identity.id, now);
          // A banned player's invites pay nothing (the link is still recorded, as evidence).
          // The ban list as held (read before the write, above): no second connection in the write.
          if (referrerId !== null && !bansOf(deps.database).heldBanned(referrerId)) {
            await payReferralRewards(tx, fx, {
              inviteeId: identity.id,
              inviterId: referrerId,
              premium: identity.isPremium,
              at: now,
              config: referral,
            });
          }
        }
        // A squad invite link (the signed start parameter `squad_<id>`) joins a player in no squad.
        const squadId = parseSquadStartParam(data.start_param);
        if (squadId !== null) await joinFromInvite(tx, identity.id, squadId, now);
        // The console's analytics: the launch (the first one's source, language and platform).
        await noteLaunch(tx, {
          userId: identity.id,
          at: now.getTime(),
          startParam: data.start_param,
          language: identity.languageCode,
          platform: client.platform,
        });
        return result;
      });
      // The start parameter to the modules that follow logins (a campaign's `c<id>`: opened).
      // A follower's failure (a database hiccup) costs what it notes, never the login written above.
      for (const [name, follow] of loginFollowers) {
        await follow(deps, { userId: identity.id, startParam: data.start_param, client }).catch(
          (error: unknown) => log?.warn({ err: error, follower: name }, 'a login follower failed'),
        );
      }
      return { token: await tokens.sign(identity.id, deps.now()), created };
    },

    /** Development mode only: launch data signed with the development token. */
    devLaunch(query: DevLaunchQuery): string {
      return sign(
        {
          user: {
            id: query.userid,
            first_name: query.first_name ?? `Player ${query.userid}`,
            ...(query.last_name ? { last_name: query.last_name } : {}),
            ...(query.username ? { username: query.username } : {}),
            language_code: query.language_code ?? 'en',
            ...(query.is_premium === 'true' ? { is_premium: true } : {}),
          },
          ...(query.start_param ? { start_param: query.start_param } : {}),
          chat_instance: '1',
          chat_type: 'sender',
          signature: 'development',
        },
        deps.env.botToken,
        new Date(deps.now()),
      );
    },
  };

  /** The referrer: a numeric start parameter naming an existing player other than oneself (their row). */
  async function inviter(tx: Tx, startParam: string | undefined, self: number) {
    const id = parseInviter(startParam, self);
    return id === null ? null : ((await findUser(tx, id)) ?? null);
  }
}
export type AuthService = ReturnType<typeof createAuthService>;
