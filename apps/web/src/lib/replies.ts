/**
 * The contract's reply schemas (packages/contract) that the api client parses every reply with.
 * A chunk of its own, loaded beside the first call: zod stays out of the first screen's JavaScript.
 */
// First: zod is told not to compile with eval before the schemas below are built.
import './zod-config.ts';
export { errorBody } from '@egg-rush/contract/common';
export { loginResponse } from '@egg-rush/contract/auth';
export { notificationsSetting } from '@egg-rush/contract/bot';
export { dailyClaimResponse } from '@egg-rush/contract/daily';
export {
  cheatResponse,
  doubleBoostResponse,
  energyCapacityResponse,
  fullyEnergyResponse,
  growOnionResponse,
  growUpResponse,
  incomeBoostResponse,
  tapResponse,
  touchIncomeResponse,
} from '@egg-rush/contract/economy';
export { farmClaimResponse, farmStartResponse, farmStatusResponse } from '@egg-rush/contract/farm';
export { friendsResponse } from '@egg-rush/contract/friends';
export { leaderboardResponse } from '@egg-rush/contract/leaderboard';
export { buyMiningResponse, miningDataResponse } from '@egg-rush/contract/mining';
export { invoiceResponse, packsResponse } from '@egg-rush/contract/payments';
export { playResultResponse, playStartResponse } from '@egg-rush/contract/play';
export { spinResponse } from '@egg-rush/contract/spin';
export { linkRewardResponse, taskRewardResponse, tasksResponse } from '@egg-rush/contract/tasks';
export { profile, settingsResponse } from '@egg-rush/contract/users';
export { appConfigResponse, proofPayloadResponse, walletResponse } from '@egg-rush/contract/wallet';
export { airdropClaimResponse, airdropClaimSentResponse } from '@egg-rush/contract/airdrop';
export { comboClaimResponse, comboResponse } from '@egg-rush/contract/combo';
export { leagueBoardResponse, leagueClaimResponse, leagueStatusResponse } from '@egg-rush/contract/leagues';
export { seasonBoardResponse, seasonResultsResponse } from '@egg-rush/contract/seasons';
export { squadBoardResponse, squadPageResponse, squadReply } from '@egg-rush/contract/squads';
