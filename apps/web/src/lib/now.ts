import { useEffect, useState } from 'react';

/**
 * The time now, read again every second while `running`: the one clock of the screens'
 * countdowns. It reads the time at once when it starts running, so a countdown that starts shows
 * its first second right away.
 */
export function useNow(running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const every = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(every);
    };
  }, [running]);
  return now;
}
