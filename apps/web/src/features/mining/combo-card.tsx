import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast.ts';
import { formatCountdown } from '@egg-rush/game/time';
import { ClockIcon } from '../../components/ui/icons.tsx';
import { CheckIcon } from '../../components/ui/icons-later.tsx';
import { Button, CoinIcon, compactNumber, formatNumber, TicketIcon } from '../../components/ui/ui.tsx';
import { Card } from '../../components/ui/ui-later.tsx';
import { toastError } from '../../lib/errors.ts';
import { useSession } from '../../lib/session.tsx';
import { haptic } from '../../lib/telegram.ts';
import { comboQuery, useClaimCombo, useCombo } from './api.ts';
import { t, useT } from '../../lib/i18n.tsx';
import { CATEGORY_TITLES, MINING_CATEGORIES } from '@egg-rush/game/mining';
import { itemName } from './item-name.ts';
import { localDigits } from '../../lib/format.ts';
import { useNow } from '../../lib/now.ts';

/**
 * The daily combo: three of the day's upgrades are secret cards. The ones the player has bought
 * today show face up, the others as "?"; when all three are found the reward is claimed once.
 * The combo changes at the game-day reset, when the card asks the server again.
 */
export function ComboCard() {
  const { data, isError, refetch } = useCombo();
  const claim = useClaimCombo();
  const left = useTimeLeft(data?.endsAt);
  const { t } = useT();

  if (!data) {
    if (!isError) return <Card className="h-[188px] animate-pulse p-4">{null}</Card>;
    return (
      <Card className="flex items-center justify-between gap-3 p-4">
        <p className="text-sm font-bold">{t('combo.failed')}</p>
        <Button variant="ghost" className="px-4 text-sm" onClick={() => void refetch()}>
          {t('app.tryAgain')}
        </Button>
      </Card>
    );
  }

  const onClaim = () =>
    claim.mutate(undefined, {
      onSuccess: () => {
        haptic('heavy');
        // The reply carries the new balances; the reward is the day's.
        toast.success(
          t('combo.paid', {
            coins: t('reward.coins', { count: data.reward.onion }),
            tickets: t('reward.tickets', { count: data.reward.ticket }),
          }),
        );
      },
      onError: (e) => toastError(e, 'combo'),
    });

  return (
    <Card className="combo-card p-3.5">
      <section aria-label={t('combo.title')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-black">{t('combo.title')}</h2>
          <span
            className="num flex items-center gap-1 rounded-full bg-night-950/50 px-2.5 py-1 text-xs font-extrabold text-text-dim"
            data-testid="combo-time-left"
            aria-label={t('combo.resetsInTime', { time: localDigits(formatCountdown(left)) })}
          >
            <ClockIcon size={14} />
            <span aria-hidden="true">{t('combo.resetsIn')}</span>
            <span className="text-text">{localDigits(formatCountdown(left))}</span>
          </span>
        </div>
        <ul className="mt-3 grid grid-cols-3 gap-2" aria-label={t('combo.cards')}>
          {data.found.map((item) => (
            <li
              key={item.id}
              data-found="true"
              className="combo-slot combo-found flex flex-col items-center rounded-2xl border border-mint/40 bg-mint/10 px-1 py-2 text-center"
            >
              <img src={item.imageLink} alt="" width={48} height={48} draggable={false} />
              <span className="mt-1 line-clamp-1 w-full text-[11px] font-black" data-clip-ok>
                {itemName(item)}
              </span>
              <span className="line-clamp-1 w-full text-[10px] text-text-dim">
                {categoryName(item.category)}
              </span>
            </li>
          ))}
          {Array.from({ length: data.hidden }, (_, i) => (
            <li
              key={`hidden-${i}`}
              data-found="false"
              aria-label={t('combo.notFound')}
              className="combo-slot flex flex-col items-center justify-center rounded-2xl border border-dashed border-lilac/30 bg-night-950/40 py-2"
            >
              <span className="text-4xl leading-[48px] font-black text-lilac/70" aria-hidden="true">
                ?
              </span>
              <span className="mt-1 text-[10px] font-bold text-text-dim">{t('combo.secret')}</span>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex items-center justify-between gap-2">
          <span className="num flex items-center gap-2 text-sm font-black">
            <span className="flex items-center gap-1 text-gold">
              <CoinIcon size={16} />+{compactNumber(data.reward.onion)}
            </span>
            <span className="flex items-center gap-1">
              <TicketIcon size={16} />+{formatNumber(data.reward.ticket)}
            </span>
          </span>
          {data.claimed ? (
            <span
              className="flex items-center gap-1 rounded-full bg-mint/15 px-3 py-1.5 text-sm font-black text-mint"
              data-testid="combo-claimed"
            >
              <CheckIcon size={16} />
              {t('combo.claimed')}
            </span>
          ) : data.complete ? (
            <Button className="min-h-10 text-sm" onClick={onClaim} disabled={claim.isPending}>
              {t('combo.claim')}
            </Button>
          ) : (
            <span className="num text-xs font-extrabold text-text-dim" data-testid="combo-found">
              {t('combo.found', { found: data.size - data.hidden, size: data.size })}
            </span>
          )}
        </div>
        {!data.complete && !data.claimed ? (
          <p className="mt-2 text-xs text-text-dim">{t('combo.hint')}</p>
        ) : null}
      </section>
    </Card>
  );
}

/** A category's title (the server sends the English one) in the player's language. */
function categoryName(title: string): string {
  const id = MINING_CATEGORIES.find((c) => CATEGORY_TITLES[c] === title);
  return id ? t(`mining.cat.${id}`) : title;
}

/** Milliseconds until `endsAt`, every second; at zero the day's combo is asked for again. */
function useTimeLeft(endsAt: number | undefined) {
  const client = useQueryClient();
  const { user } = useSession();
  const now = useNow(endsAt !== undefined);
  const left = endsAt === undefined ? 0 : Math.max(0, endsAt - now);
  const over = endsAt !== undefined && left === 0;
  useEffect(() => {
    if (over) void client.invalidateQueries({ queryKey: comboQuery(user.id).queryKey });
  }, [over, client, user.id]);
  return left;
}
