import { loginRequest, loginResponse } from './auth.ts';
import { notificationsSetting, notificationsUpdate } from './bot.ts';
import { idParams, notModified, optionalUseridBody, type RouteSchemas, useridBody } from './common.ts';
import {
  comboClaimBody,
  comboClaimResponse,
  comboResponse,
  pastComboQuery,
  pastComboResponse,
} from './combo.ts';
import { dailyClaimResponse } from './daily.ts';
import {
  cheatResponse,
  doubleBoostResponse,
  energyCapacityResponse,
  fullyEnergyResponse,
  growOnionResponse,
  growUpResponse,
  incomeBoostResponse,
  purchaseBody,
  tapRequest,
  tapResponse,
  touchIncomeResponse,
} from './economy.ts';
import { farmClaimResponse, farmRequest, farmStartResponse, farmStatusResponse } from './farm.ts';
import { friendsResponse } from './friends.ts';
import { avatarParams, avatarRedirect, avatarResponse, leaderboardResponse } from './leaderboard.ts';
import {
  leagueBoardQuery,
  leagueBoardResponse,
  leagueClaimBody,
  leagueClaimResponse,
  leagueStatusResponse,
} from './leagues.ts';
import { buyMiningBody, buyMiningResponse, miningDataResponse } from './mining.ts';
import { invoiceBody, invoiceResponse, packsResponse } from './payments.ts';
import { playResultBody, playResultResponse, playStartResponse } from './play.ts';
import type { playerRoutes } from './routes.ts';
import { seasonBoardResponse, seasonResultsQuery, seasonResultsResponse } from './seasons.ts';
import { spinResponse } from './spin.ts';
import {
  createSquadBody,
  joinSquadBody,
  leaveSquadBody,
  squadBoardResponse,
  squadPageQuery,
  squadPageResponse,
  squadReply,
} from './squads.ts';
import {
  linkRewardBody,
  linkRewardResponse,
  taskRewardBody,
  taskRewardResponse,
  tasksResponse,
} from './tasks.ts';
import { profile, settingsResponse, settingsUpdate } from './users.ts';
import { airdropClaimResponse, airdropClaimSentResponse } from './airdrop.ts';
import { airdropAppealBody, airdropCriteriaResponse, airdropReviewResponse } from './fairness.ts';
import { cipherResponse, cipherSolveBody, cipherSolveResponse } from './cipher.ts';
import { eventsResponse } from './events.ts';
import { configResponse } from './game-config.ts';
import { appConfigResponse, proofCheckBody, proofPayloadResponse, walletResponse } from './wallet.ts';

/** The schemas of the players' routes (routes.ts, playerRoutes), by the same names. */
export const playerApi = {
  login: { body: loginRequest, reply: loginResponse },
  profile: { params: idParams, reply: profile },
  settings: { body: settingsUpdate, reply: settingsResponse },
  daily: { body: useridBody, reply: dailyClaimResponse },
  tap: { body: tapRequest, reply: tapResponse },
  growUp: { body: useridBody, reply: growUpResponse },
  growOnion: { body: useridBody, reply: growOnionResponse },
  fullyEnergy: { body: purchaseBody, reply: fullyEnergyResponse },
  income: { body: purchaseBody, reply: incomeBoostResponse },
  double: { body: purchaseBody, reply: doubleBoostResponse },
  touchIncome: { body: purchaseBody, reply: touchIncomeResponse },
  energyCapacity: { body: purchaseBody, reply: energyCapacityResponse },
  chest: { body: useridBody, reply: cheatResponse },
  spin: { body: useridBody, reply: spinResponse },
  farmStatus: { reply: farmStatusResponse },
  farmStart: { body: farmRequest, reply: farmStartResponse },
  farmClaim: { body: farmRequest, reply: farmClaimResponse },
  friends: { params: idParams, reply: friendsResponse },
  leaderboard: { params: idParams, reply: leaderboardResponse },
  avatar: { params: avatarParams, reply: avatarResponse, also: { 302: avatarRedirect } },
  leagueStatus: { params: idParams, reply: leagueStatusResponse },
  leagueBoard: { params: idParams, query: leagueBoardQuery, reply: leagueBoardResponse },
  leagueClaim: { body: leagueClaimBody, reply: leagueClaimResponse },
  miningData: { params: idParams, reply: miningDataResponse },
  buyMining: { body: buyMiningBody, reply: buyMiningResponse },
  combo: { params: idParams, reply: comboResponse },
  pastCombo: { params: idParams, query: pastComboQuery, reply: pastComboResponse },
  comboClaim: { body: comboClaimBody, reply: comboClaimResponse },
  packs: { reply: packsResponse },
  invoice: { body: invoiceBody, reply: invoiceResponse },
  playStart: { body: useridBody, reply: playStartResponse },
  playResult: { body: playResultBody, reply: playResultResponse },
  seasonBoard: { params: idParams, reply: seasonBoardResponse },
  seasonResults: { params: idParams, query: seasonResultsQuery, reply: seasonResultsResponse },
  squadCreate: { body: createSquadBody, reply: squadReply },
  squadJoin: { body: joinSquadBody, reply: squadReply },
  squadLeave: { body: leaveSquadBody, reply: squadReply },
  squadBoard: { params: idParams, reply: squadBoardResponse },
  squadPage: { params: idParams, query: squadPageQuery, reply: squadPageResponse },
  tasks: { params: idParams, reply: tasksResponse },
  linkReward: { body: linkRewardBody, reply: linkRewardResponse },
  taskReward: { body: taskRewardBody, reply: taskRewardResponse },
  notifications: { reply: notificationsSetting },
  setNotifications: { body: notificationsUpdate, reply: notificationsSetting },
  walletPayload: { body: optionalUseridBody, reply: proofPayloadResponse },
  walletCheck: { body: proofCheckBody, reply: walletResponse },
  walletUnbind: { body: optionalUseridBody, reply: walletResponse },
  appConfig: { reply: appConfigResponse },
  airdropClaim: { reply: airdropClaimResponse, also: { 304: notModified } },
  airdropClaimSent: { body: optionalUseridBody, reply: airdropClaimSentResponse },
  airdropReview: { reply: airdropReviewResponse },
  airdropAppeal: { body: airdropAppealBody, reply: airdropReviewResponse },
  airdropCriteria: { reply: airdropCriteriaResponse },
  cipher: { reply: cipherResponse },
  cipherSolve: { body: cipherSolveBody, reply: cipherSolveResponse },
  events: { reply: eventsResponse },
  config: { reply: configResponse, also: { 304: notModified } },
} as const satisfies Record<keyof typeof playerRoutes, RouteSchemas>;
