// A server process that only runs the campaign sender, for the test that kills it halfway
// (campaigns.test.ts): the database (DATABASE_URL or a PGlite directory) and the Bot API's
// address come from the environment. It sends until killed.
import { Api } from 'grammy';
import { openDatabase } from '../src/db/client.ts';
import type { Deps } from '../src/lib/deps.ts';
import { createCampaignSender } from '../src/modules/campaigns/index.ts';

const database = await openDatabase({
  databaseUrl: process.env.CHILD_DATABASE_URL || undefined,
  dataDir: process.env.CHILD_DATA_DIR ?? '',
});
const deps = {
  database,
  env: { botUsername: 'EggRushBot', appShortName: 'play' },
  now: Date.now,
} as unknown as Deps;
const api = new Api(process.env.CHILD_BOT_TOKEN ?? '', { apiRoot: process.env.CHILD_API_ROOT ?? '' });
const sender = createCampaignSender(deps, api, () => {}, { perSecond: Number(process.env.CHILD_PER_SECOND) });
process.send?.('ready');
for (;;) await sender.run();
