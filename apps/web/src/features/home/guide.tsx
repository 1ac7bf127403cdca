import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ChestIcon, SproutIcon } from '../../components/ui/icons.tsx';
import { Button, CoinIcon, TicketIcon } from '../../components/ui/ui.tsx';
import { Onward } from '../../components/ui/ui-later.tsx';
import { useT } from '../../lib/i18n.tsx';

type Step = 'tap' | 'farm' | 'tickets' | 'chests';

/** The four cards of the first-run guide, each with where to try it. */
const STEPS: { id: Step; icon: ReactNode; to?: string }[] = [
  { id: 'tap', icon: <CoinIcon size={44} /> },
  { id: 'farm', icon: <SproutIcon size={44} className="text-mint" />, to: '/mining' },
  { id: 'tickets', icon: <TicketIcon size={44} />, to: '/spin' },
  { id: 'chests', icon: <ChestIcon size={44} className="text-gold" /> },
];

/**
 * The first-run guide: four short cards on taps and energy, farming, tickets, and chests. It can
 * be skipped; the player sees it once (kept on the server) and can open it again from settings.
 */
export function Guide({ onDone }: { onDone: () => void }) {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  const step = STEPS[index];
  if (!step) throw new Error(`no guide card ${index}`);
  const last = index === STEPS.length - 1;
  return (
    <div
      className="fixed inset-0 z-50 grid place-items-center bg-night-950/80 px-5 backdrop-blur-[2px]"
      role="dialog"
      aria-modal="true"
      aria-labelledby="guide-title"
      data-testid="guide"
    >
      <div className="card flex w-full max-w-sm flex-col items-center gap-3 p-6 text-center">
        <p className="num text-xs font-extrabold tracking-widest text-lilac uppercase">
          {t('guide.step', { n: index + 1, total: STEPS.length })}
        </p>
        <span className="grid h-20 w-20 place-items-center rounded-full bg-gold/15">{step.icon}</span>
        <h2 id="guide-title" className="text-2xl font-black">
          {t(`guide.${step.id}.title`)}
        </h2>
        <p className="text-sm text-text-dim">{t(`guide.${step.id}.body`)}</p>
        {step.to ? (
          <Link to={step.to} onClick={onDone} className="text-sm font-extrabold text-lilac underline">
            {t(`guide.${step.id}.title`)} <Onward />
          </Link>
        ) : null}
        <div className="mt-2 flex gap-1.5" aria-hidden="true">
          {STEPS.map((s, i) => (
            <span key={s.id} className={`h-2 w-2 rounded-full ${i === index ? 'bg-gold' : 'bg-lilac/30'}`} />
          ))}
        </div>
        <div className="mt-2 grid w-full grid-cols-2 gap-3">
          <Button variant="ghost" className="px-3" onClick={onDone}>
            {t('guide.skip')}
          </Button>
          <Button className="px-3" onClick={() => (last ? onDone() : setIndex(index + 1))}>
            {last ? t('guide.start') : t('app.next')}
          </Button>
        </div>
      </div>
    </div>
  );
}
