import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { toast } from '../../lib/toast.ts';
import type { SpinResponse } from '@egg-rush/contract/spin';
import { SPIN_COST_TICKETS, SPIN_DURATION_MS, spinRotation } from '@egg-rush/game/spin';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { Button, TicketIcon, formatNumber } from '../../components/ui/ui.tsx';
import { Onward, StarIcon } from '../../components/ui/ui-later.tsx';
import './spin.css';
import { refusal, toastError } from '../../lib/errors.ts';
import { useClosingConfirmation } from '../../lib/native-behaviour.ts';
import { useProfile } from '../../lib/profile.ts';
import { useSpin } from './api.ts';
import { TicketPacks } from './ticket-packs.tsx';
import { Wheel } from './wheel.tsx';
import { t, useT } from '../../lib/i18n.tsx';

/** The toast for each prize. */
export function prizeText({ cheatData: { type, value } }: Pick<SpinResponse, 'cheatData'>): string {
  if (type === 'onion') return t('treasure.gotCoin', { count: value });
  if (type === 'ticket') return t('treasure.gotTicket', { count: value });
  return t('treasure.gotTreasure', { count: value });
}

/** The wheel, the ticket count and 'Spin*1'. */
export function SpinScreen() {
  const { data: profile } = useProfile();
  const { t } = useT();
  const spin = useSpin();
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  useClosingConfirmation(spinning);
  const [packsOpen, setPacksOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const start = () => {
    if (spinning || !profile) return;
    if (profile.ticket < SPIN_COST_TICKETS) {
      toastError(refusal('NOT_ENOUGH_TICKET'), 'spin');
      return;
    }
    setSpinning(true);
    spin.mutate(undefined, {
      onSuccess: (result) => {
        setRotation((from) => spinRotation(from, result.segment, Math.random()));
        timer.current = setTimeout(() => {
          setSpinning(false);
          spin.settle(result);
          toast.success(prizeText(result));
        }, SPIN_DURATION_MS);
      },
      onError: (error) => {
        setSpinning(false);
        toastError(error, 'spin');
      },
    });
  };

  return (
    <div className="spin-fit flex flex-col gap-3">
      <StatusBar onTickets={() => setPacksOpen(true)} />
      <header className="text-center">
        <h1 className="text-2xl font-black tracking-tight">{t('spin.title')}</h1>
        <p className="spin-subtitle mt-1 text-sm text-text-dim">{t('spin.subtitle')}</p>
      </header>
      <nav className="flex flex-wrap justify-center gap-2" aria-label={t('spin.earnTickets')}>
        <Link to="/tasks" className="rounded-full bg-lilac/10 px-3 py-1.5 text-xs font-extrabold text-lilac">
          {t('nav.tasks')} <Onward />
        </Link>
        <Link
          to="/friends"
          className="rounded-full bg-lilac/10 px-3 py-1.5 text-xs font-extrabold text-lilac"
        >
          {t('nav.friends')} <Onward />
        </Link>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-full bg-gold/15 px-3 py-1.5 text-xs font-extrabold text-gold"
          onClick={() => setPacksOpen(true)}
        >
          {t('spin.more')}
          <StarIcon size={14} />
        </button>
      </nav>
      {/* The wheel takes the height the rest leaves on the screen: whole, with its button. */}
      <div className="wheel-area px-2 pt-3.5">
        <Wheel rotation={rotation} spinning={spinning} />
      </div>
      <div className="card flex items-center justify-between gap-3 px-3 py-2">
        <div className="flex min-w-0 items-center gap-2" aria-label={t('status.tickets')}>
          <TicketIcon size={30} />
          <div>
            <p className="text-xs text-text-dim">{t('spin.yourTickets')}</p>
            <p className="num text-xl font-black" data-testid="spin-tickets">
              {profile ? formatNumber(profile.ticket) : '–'}
            </p>
          </div>
        </div>
        <Button className="min-w-36 text-lg" disabled={spinning || !profile} onClick={start}>
          {t('spin.spin', { n: SPIN_COST_TICKETS })}
        </Button>
      </div>
      <TicketPacks open={packsOpen} onClose={() => setPacksOpen(false)} />
    </div>
  );
}
