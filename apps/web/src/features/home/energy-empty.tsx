import { useState } from 'react';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import { formatCountdown } from '@egg-rush/game/time';
import { useDeliberatePress } from '../../lib/deliberate-press.ts';
import { useT } from '../../lib/i18n.tsx';
import { useGameConfig } from '../../lib/game-config.ts';
import { usePredictedEnergy } from './counters.tsx';
import { useTapStore, type Rates } from './tap-store.ts';
import { localDigits } from '../../lib/format.ts';
import { Button } from '../../components/ui/ui.tsx';

/** Once shown, the card stays until this many taps' worth of energy is back (no flicker). */
export const EMPTY_RESUME_TAPS = 10;

/**
 * Whether the out-of-energy card shows, with hysteresis: it comes when the egg cannot be tapped
 * (less than one tap's energy) and goes only once EMPTY_RESUME_TAPS taps' worth is back, so that
 * one tap's worth regenerating (3 s) and spent again does not make it blink.
 */
export function energyEmptyShown(wasShown: boolean, energy: number | undefined, rates: Rates) {
  if (energy === undefined) return false;
  const resumeAt = Math.min(rates.maxEnergy, rates.loseEnergyPerTap * EMPTY_RESUME_TAPS);
  return wasShown ? energy < resumeAt : energy < rates.loseEnergyPerTap;
}

/**
 * Out of energy: why the egg no longer pays, when the bar is full again (it refills by itself),
 * and the Boost shop's refill. It sits under the egg, never on it, and its button takes only a
 * deliberate press: a thumb tapping the egg never opens the shop.
 */
export function EnergyEmpty({ onRefill }: { onRefill: () => void }) {
  const energy = usePredictedEnergy();
  const rates = useTapStore((s) => s.rates);
  const [shown, setShown] = useState(false);
  const next = energyEmptyShown(shown, energy, rates);
  // Derived from the previous render (React's pattern for state that follows a value).
  if (next !== shown) setShown(next);
  if (!next || energy === undefined) return null;
  return <EnergyEmptyCard energy={energy} rates={rates} onRefill={onRefill} />;
}

function EnergyEmptyCard({
  energy,
  rates,
  onRefill,
}: {
  energy: number;
  rates: Rates;
  onRefill: () => void;
}) {
  const { t } = useT();
  const deliberate = useDeliberatePress();
  const regenMs = useGameConfig()?.energy.regenMs ?? ENERGY_REGEN_MS;
  const untilFull = (rates.maxEnergy - energy) * regenMs;
  return (
    <div
      className="energy-empty card grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-0.5 border-mint/30 px-3 py-2"
      role="status"
      data-testid="energy-empty"
    >
      <p className="text-sm font-black text-mint">{t('home.emptyTitle')}</p>
      <Button
        variant="ghost"
        className="shrink-0 px-3 text-sm"
        disabled={!deliberate.armed}
        {...deliberate.press(onRefill)}
      >
        {t('home.emptyRefill')}
      </Button>
      <p className="num col-span-2 text-xs leading-snug text-text-dim">
        {t('home.emptyBody', { time: localDigits(formatCountdown(untilFull)) })}
      </p>
    </div>
  );
}
