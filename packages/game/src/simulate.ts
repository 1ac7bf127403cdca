/**
 * Prints the economy table of docs/economy.md and the airdrop's distribution of docs/airdrop.md:
 * `npm run simulate -w @egg-rush/game [days] [seed]`.
 */
import { airdropTable, economyTable, formatAirdropTable, formatTable } from './simulator.ts';

const [days = '30', seed = '1'] = process.argv.slice(2);
const table = economyTable(Number(days), Number(seed));
console.log(formatTable(table));
console.log('');
console.log(formatAirdropTable(airdropTable(table, 10_000, Number(seed))));
