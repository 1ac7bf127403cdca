import { hasKey, t, type Key, type Values } from '../../lib/i18n.tsx';

/** The words a label is made of: the catalogues' (the current language), or a test's. */
export type Words = {
  t: (key: Key, values?: Values) => string;
  hasKey: (key: string) => boolean;
};

const SEP = ' · ';

/** A name of the player's catalogues when it has one ("Carousel", "Egg tapper"), else the id's words. */
const named = (words: Words, key: string, id: string) =>
  words.hasKey(key) ? words.t(key as Key) : id.replace(/[_-]+/g, ' ');

/** A prize's or a day's reward kind as the config stores it (onion, ticket, chest, treasure). */
const REWARD: Record<string, Key> = {
  onion: 'config.fields.coins',
  ticket: 'config.fields.tickets',
  chest: 'config.fields.chests',
  treasure: 'config.fields.chests',
};
const PRIZE: Record<string, Key> = {
  type: 'config.fields.kind',
  value: 'config.fields.value',
  weight: 'config.fields.weight',
};
const BOOST: Record<string, Key> = {
  touchIncome: 'boost.touchIncome.title',
  energyCapacity: 'boost.energyCapacity.title',
};

/** A configuration path no rule below names: its segments as words, numbers counted from 1. */
export function spelled(rest: string[]): string {
  return rest
    .map((s) =>
      /^\d+$/.test(s)
        ? String(Number(s) + 1)
        : s
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .replace(/[_-]+/g, ' ')
            .toLowerCase(),
    )
    .join(SEP);
}

/**
 * A tunable's label in words, from its dotted path as configLeaves names it
 * ("daily.rewards.0.onion" → "Day 1 · coins", "mining.items.carousel.basePrice" →
 * "Carousel · base price"), in the language of `words`. Lists count from 1; names the player's
 * catalogues already have (mining items, task titles, boosts) are theirs.
 */
export function configLabel(path: string, words: Words = { t, hasKey }): string {
  const w = (key: Key, values?: Values) => words.t(key, values);
  const [section, ...rest] = path.split('.');
  const [a, b, c, d] = rest;
  const nth = (i: string | undefined) => Number(i) + 1;
  switch (section) {
    case 'energy':
      if (path === 'energy.regenMs') return w('config.fields.regenMs');
      break;
    case 'daily':
      if (a === 'rewards' && b && c && REWARD[c])
        return w('config.fields.day', { n: nth(b) }) + SEP + w(REWARD[c]);
      break;
    case 'tasks':
      if (a === 'rewards' && b && !c) return named(words, `tasks.names.${b}.title`, b);
      break;
    case 'chest':
    case 'spin':
      if ((a === 'prizes' || a === 'wheel') && b && c && PRIZE[c])
        return w('config.fields.prize', { n: nth(b) }) + SEP + w(PRIZE[c]);
      break;
    case 'mining':
      if (a === 'priceGrowth' && !b) return w('config.fields.priceGrowth');
      if (a === 'items' && b && (c === 'basePrice' || c === 'profitPerLevel') && !d)
        return named(words, `mining.items.${b}`, b) + SEP + w(`config.fields.${c}`);
      break;
    case 'boosts':
      if (a === 'cost') return w('config.fields.boostBasePrice');
      if (a === 'priceGrowth') return w('config.fields.priceGrowth');
      if (a === 'fullEnergyPerDay') return w('config.fields.fullEnergyPerDay');
      if (a === 'maxLevel' && b && BOOST[b]) return w(BOOST[b]) + SEP + w('config.fields.maxLevel');
      if (a === 'energyCapacityStep') return w('boost.energyCapacity.title') + SEP + w('config.fields.step');
      if (a === 'touchIncomeStep') return w('boost.touchIncome.title') + SEP + w('config.fields.step');
      break;
    case 'mole':
      if (a === 'rewardCap') return w('config.fields.rewardCap');
      break;
    case 'referral':
      if (a === 'rewards' && (b === 'regular' || b === 'premium') && (c === 'inviter' || c === 'invitee'))
        return (
          w(b === 'regular' ? 'config.fields.inviteRegular' : 'config.fields.invitePremium') +
          SEP +
          w(`config.fields.${c}`)
        );
      if (a === 'milestones' && b && (c === 'count' || c === 'ticket'))
        return (
          w('config.fields.milestone', { n: nth(b) }) +
          SEP +
          w(c === 'count' ? 'config.fields.friends' : 'config.fields.tickets')
        );
      break;
    default:
      break;
  }
  return spelled(rest.length > 0 ? rest : [path]);
}

/** A prize's kind (a string leaf: onion, ticket, treasure) in words, as the player's balances name it. */
export function prizeKind(value: string, words: Words = { t, hasKey }): string {
  if (value === 'onion') return words.t('status.coins');
  if (value === 'ticket') return words.t('status.tickets');
  if (value === 'treasure' || value === 'chest') return words.t('status.chests');
  return value;
}
