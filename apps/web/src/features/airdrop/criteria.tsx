import type { AllocationRule } from '@egg-rush/game/allocation-rule';
import { useQuery } from '@tanstack/react-query';
import { useT, type Key } from '../../lib/i18n.tsx';
import { airdropCriteriaQuery } from './api.ts';

/** The rule's factors in the order they are told, each with its name and what it counts. */
const FACTORS = ['coins', 'activeDays', 'tasks', 'friendsStayed', 'accountAge', 'premium'] as const;
type Factor = (typeof FACTORS)[number];

/** How coins are counted, in words: as they are, by their square root, or to a power. */
function coinsKey(exponent: number): { key: Key; power?: string } {
  if (Math.abs(exponent - 1) < 1e-9) return { key: 'airdrop.criteria.coinsLinear' };
  if (Math.abs(exponent - 0.5) < 1e-9) return { key: 'airdrop.criteria.coinsRoot' };
  return { key: 'airdrop.criteria.coinsPower' };
}

/**
 * "How the airdrop is shared": the rule published with the airdrop's root, in the player's
 * language: what each factor weighs (as a share of the whole), how coins are counted and what
 * an account under review keeps. Nothing before publishing.
 */
export function Criteria() {
  const { data } = useQuery(airdropCriteriaQuery);
  const { t, lng } = useT();
  if (!data?.rule) return null;
  const rule: AllocationRule = data.rule;
  const total = FACTORS.reduce((sum, f) => sum + rule.weights[f], 0);
  const percent = (x: number) =>
    new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0 }).format(x);
  const decimal = (x: number) => new Intl.NumberFormat(lng, { maximumFractionDigits: 2 }).format(x);
  const coins = coinsKey(rule.coinsExponent);
  const detail: Record<Factor, string> = {
    coins: t(coins.key, { power: decimal(rule.coinsExponent) }),
    activeDays: t('airdrop.criteria.activeDaysBody'),
    tasks: t('airdrop.criteria.tasksBody'),
    friendsStayed: t('airdrop.criteria.friendsStayedBody'),
    accountAge: t('airdrop.criteria.accountAgeBody'),
    premium: t('airdrop.criteria.premiumBody'),
  };
  const shown = FACTORS.filter((f) => rule.weights[f] > 0);
  return (
    <section
      className="card flex flex-col gap-3 p-4"
      data-testid="airdrop-criteria"
      aria-labelledby="criteria-title"
    >
      <header>
        <h2 id="criteria-title" className="text-lg font-black">
          {t('airdrop.criteria.title')}
        </h2>
        <p className="text-sm text-text-dim">
          {data.publishedAt !== null
            ? t('airdrop.criteria.published', {
                date: new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(data.publishedAt),
              })
            : null}{' '}
          {t('airdrop.criteria.intro')}
        </p>
      </header>
      <ul className="flex flex-col gap-2.5">
        {shown.map((f) => {
          const share = total > 0 ? rule.weights[f] / total : 0;
          return (
            <li key={f} className="flex flex-col gap-1" data-factor={f}>
              <div className="flex items-baseline justify-between gap-3">
                <span className="font-extrabold">{t(`airdrop.criteria.${f}`)}</span>
                <span className="num shrink-0 font-black text-gold">{percent(share)}</span>
              </div>
              <div className="h-1.5 w-full overflow-hidden rounded-full bg-night-950/70" aria-hidden>
                <div
                  className="h-full origin-left rounded-full bg-gold rtl:origin-right"
                  style={{ transform: `scaleX(${share})` }}
                />
              </div>
              <p className="text-xs text-text-dim">{detail[f]}</p>
            </li>
          );
        })}
      </ul>
      <p className="rounded-2xl bg-night-950/50 p-3 text-sm">
        {t('airdrop.criteria.review', { share: percent(rule.reviewDiscount) })}
      </p>
    </section>
  );
}
