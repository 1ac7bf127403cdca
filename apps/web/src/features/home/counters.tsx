import { BoltIcon } from '../../components/ui/icons.tsx';
import { StatusBar } from '../../components/ui/status-bar.tsx';
import { CoinIcon, formatNumber } from '../../components/ui/ui.tsx';
import { useT } from '../../lib/i18n.tsx';
import { predictedEnergy, predictedOnion, useTapStore } from './tap-store.ts';

/** The predicted balance, or undefined before the first sync. */
export const usePredictedOnion = () => useTapStore((s) => (s.ready ? predictedOnion(s, s.now) : undefined));
export const usePredictedEnergy = () => useTapStore((s) => (s.ready ? predictedEnergy(s, s.now) : undefined));

export function HomeStatusBar() {
  return <StatusBar onion={usePredictedOnion()} />;
}

/** The large balance on Home. */
export function Balance() {
  const onion = usePredictedOnion();
  const { t } = useT();
  return (
    <div className="flex items-center justify-center gap-2.5" aria-label={t('home.coinBalance')}>
      <CoinIcon size={40} />
      <span data-testid="balance" className="home-balance num leading-none font-black tracking-tight">
        {onion === undefined ? '–' : formatNumber(onion)}
      </span>
    </div>
  );
}

/** Energy pill (current/max). */
export function EnergyPill() {
  const energy = usePredictedEnergy();
  const max = useTapStore((s) => s.rates.maxEnergy);
  const { t } = useT();
  return (
    <div
      data-testid="energy"
      aria-label={t('home.energy')}
      className="num flex min-h-11 items-center gap-1.5 rounded-full border border-mint/30 bg-night-950/60 px-3.5 text-base font-black whitespace-nowrap text-mint"
    >
      <BoltIcon size={20} />
      <span>
        {energy === undefined ? '–' : formatNumber(energy)}
        <span className="text-mint/60"> / {formatNumber(max)}</span>
      </span>
    </div>
  );
}
