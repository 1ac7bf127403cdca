/**
 * Every route of the API by name: its method and path. The server registers each route from
 * here, the web apps call a route by its name; the same name in `player.routes.ts`,
 * `console.routes.ts` and `service.routes.ts` gives its params, query, body and reply schemas.
 *
 * No zod here: the players' first screen names routes without loading the schemas. Paths are
 * under /api/v1, except `metrics` and `tonConnectManifest`, which are served at the site root.
 */

/** What the players' app calls. */
export const playerRoutes = {
  login: 'POST /auth/login',
  profile: 'GET /users/get/:id',
  settings: 'PUT /users/settings',
  daily: 'POST /users/claim/daily',
  tap: 'PUT /users/tap',
  growUp: 'PUT /users/growUp',
  growOnion: 'PUT /users/growOnion',
  fullyEnergy: 'PUT /users/fullyEnergy',
  income: 'PUT /users/income',
  double: 'PUT /users/double',
  touchIncome: 'PUT /users/touchIncome',
  energyCapacity: 'PUT /users/energyCapacity',
  chest: 'PUT /users/getCheat',
  spin: 'PUT /users/getSpin',
  farmStatus: 'GET /farm/status',
  farmStart: 'POST /farm/start',
  farmClaim: 'POST /farm/claim',
  friends: 'GET /users/friends/:id',
  leaderboard: 'GET /users/ranking/:id/total',
  avatar: 'GET /users/avatar/:userid',
  leagueStatus: 'GET /leagues/:id',
  leagueBoard: 'GET /leagues/:id/board',
  leagueClaim: 'POST /leagues/claim',
  miningData: 'GET /users/miningData/:id',
  buyMining: 'POST /users/buyMining',
  combo: 'GET /combo/:id',
  pastCombo: 'GET /combo/:id/past',
  comboClaim: 'POST /combo/claim',
  packs: 'GET /payments/packs',
  invoice: 'POST /payments/invoice',
  playStart: 'POST /play/start',
  playResult: 'POST /play/result',
  seasonBoard: 'GET /seasons/:id',
  seasonResults: 'GET /seasons/:id/results',
  squadCreate: 'POST /squads/create',
  squadJoin: 'POST /squads/join',
  squadLeave: 'POST /squads/leave',
  squadBoard: 'GET /squads/:id/board',
  squadPage: 'GET /squads/:id/page',
  tasks: 'GET /users/tasks/:id',
  linkReward: 'POST /users/linkReward',
  taskReward: 'POST /users/taskReward',
  notifications: 'GET /bot/notifications',
  setNotifications: 'PUT /bot/notifications',
  walletPayload: 'POST /wallet/proof/payload',
  walletCheck: 'POST /wallet/proof/check',
  walletUnbind: 'DELETE /wallet',
  appConfig: 'GET /app/config',
  airdropClaim: 'GET /airdrop/claim',
  airdropClaimSent: 'POST /airdrop/claim/sent',
  airdropReview: 'GET /airdrop/review',
  airdropAppeal: 'POST /airdrop/appeal',
  airdropCriteria: 'GET /airdrop/criteria',
  cipher: 'GET /cipher',
  cipherSolve: 'POST /cipher/solve',
  events: 'GET /events',
  config: 'GET /config',
} as const;

/** What the operators' console calls. Every one but `adminSession` is for operators only. */
export const consoleRoutes = {
  adminSession: 'POST /admin/session',
  adminMe: 'GET /admin/me',
  adminDashboard: 'GET /admin/dashboard',
  adminPlayers: 'GET /admin/players',
  adminPlayer: 'GET /admin/players/:playerId',
  adminLedger: 'GET /admin/players/:playerId/ledger',
  adminAdjust: 'POST /admin/players/:playerId/adjust',
  adminBan: 'POST /admin/players/:playerId/ban',
  adminUnban: 'POST /admin/players/:playerId/unban',
  adminResetStreak: 'POST /admin/players/:playerId/reset-streak',
  adminBulkBan: 'POST /admin/players/ban',
  adminAudit: 'GET /admin/audit',
  adminTasks: 'GET /admin/tasks',
  adminTaskCreate: 'POST /admin/tasks',
  adminTaskEdit: 'PUT /admin/tasks/:taskName',
  adminTaskRetire: 'POST /admin/tasks/:taskName/retire',
  adminSuspicion: 'GET /admin/suspicion',
  adminSnapshots: 'GET /admin/snapshots',
  adminSnapshotCreate: 'POST /admin/snapshots',
  adminSnapshotExport: 'GET /admin/snapshots/:snapshotId/export.:format',
  adminAllocations: 'GET /admin/airdrop/allocations',
  adminAllocationCreate: 'POST /admin/airdrop/allocations',
  adminAllocation: 'GET /admin/airdrop/allocations/:allocationId',
  adminAllocationPublish: 'POST /admin/airdrop/allocations/:allocationId/publish',
  adminExclusions: 'GET /admin/airdrop/exclusions',
  adminExclude: 'POST /admin/airdrop/exclusions',
  adminUnexclude: 'DELETE /admin/airdrop/exclusions/:playerId',
  adminClusters: 'GET /admin/airdrop/clusters',
  adminClusterExclude: 'POST /admin/airdrop/clusters/:clusterId/exclude',
  adminClusterClear: 'POST /admin/airdrop/clusters/:clusterId/clear',
  adminAppeals: 'GET /admin/airdrop/appeals',
  adminAppealAnswer: 'POST /admin/airdrop/appeals/:appealId',
  adminCampaigns: 'GET /admin/campaigns',
  adminCampaignPreview: 'POST /admin/campaigns/preview',
  adminCampaignCreate: 'POST /admin/campaigns',
  adminCampaign: 'GET /admin/campaigns/:campaignId',
  adminCampaignSend: 'POST /admin/campaigns/:campaignId/send',
  adminCipherDays: 'GET /admin/cipher',
  adminCipherSet: 'PUT /admin/cipher/:day',
  adminAnalyticsRetention: 'GET /admin/analytics/retention',
  adminAnalyticsEconomy: 'GET /admin/analytics/economy',
  adminAnalyticsFunnel: 'GET /admin/analytics/funnel',
  adminAnalyticsActive: 'GET /admin/analytics/active',
  adminAnalyticsNewPlayers: 'GET /admin/analytics/new-players',
  adminAnalyticsRevenue: 'GET /admin/analytics/revenue',
  adminEvents: 'GET /admin/events',
  adminEventCreate: 'POST /admin/events',
  adminEventCancel: 'POST /admin/events/:eventId/cancel',
  adminConfig: 'GET /admin/config',
  adminConfigDraft: 'POST /admin/config',
  adminConfigVersions: 'GET /admin/config/versions',
  adminConfigSimulate: 'POST /admin/config/simulate',
  adminConfigPublish: 'POST /admin/config/:version/publish',
  adminExperiments: 'GET /admin/experiments',
  adminExperimentCreate: 'POST /admin/experiments',
  adminExperiment: 'GET /admin/experiments/:experimentId',
  adminExperimentStop: 'POST /admin/experiments/:experimentId/stop',
} as const;

/** What others call: Telegram, wallets, load balancers, monitoring, tools. */
export const serviceRoutes = {
  devLaunch: 'GET /dev/launch',
  botWebhook: 'POST /bot/webhook',
  publicSnapshot: 'GET /airdrop/snapshot',
  airdropWallet: 'GET /airdrop/wallet/:address',
  airdropDump: 'GET /airdrop/dump.boc',
  jettonMetadata: 'GET /airdrop/jetton.json',
  health: 'GET /health',
  ready: 'GET /ready',
  openApi: 'GET /openapi.json',
  metrics: 'GET /metrics',
  tonConnectManifest: 'GET /tonconnect-manifest.json',
} as const;

export const routes = { ...playerRoutes, ...consoleRoutes, ...serviceRoutes };
export type RouteName = keyof typeof routes;
export type PlayerRoute = keyof typeof playerRoutes;
export type ConsoleRoute = keyof typeof consoleRoutes;
export type ServiceRoute = keyof typeof serviceRoutes;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route's method and path, from its `'METHOD /path'`. */
export function methodAndPath(route: string): { method: Method; path: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space) as Method, path: route.slice(space + 1) };
}
