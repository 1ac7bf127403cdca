/** Prints the economy table of docs/economy.md: `npm run simulate -w @egg-rush/game [days] [seed]`. */
import { economyTable, formatTable } from './simulator.ts';

const [days = '30', seed = '1'] = process.argv.slice(2);
console.log(formatTable(economyTable(Number(days), Number(seed))));
