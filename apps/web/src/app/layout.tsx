import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { AirdropIcon, FriendsIcon, LandIcon, MiningIcon, TasksIcon } from '../components/ui/icons.tsx';
import { useT } from '../lib/i18n.tsx';
import { mayLeave } from '../lib/leave-guard.ts';
import { onSettingsButton } from '../lib/native-behaviour.ts';
import { useReconnecting } from '../lib/outbox.ts';
import { useAppStore } from '../lib/store.ts';
import { useRewardReady } from '../lib/tasks.ts';
import { syncBackButton } from '../lib/telegram.ts';
import { historyIndex, navigate } from './history.ts';

/** The footer tabs. */
export const TABS = [
  { to: '/home', label: 'nav.land', Icon: LandIcon },
  { to: '/mining', label: 'nav.minting', Icon: MiningIcon },
  { to: '/friends', label: 'nav.friends', Icon: FriendsIcon },
  { to: '/tasks', label: 'nav.tasks', Icon: TasksIcon },
  { to: '/airdrop', label: 'nav.airdrop', Icon: AirdropIcon },
] as const;

/** A footer tab's own screen (Home too at /): Telegram's Back button is off there, as in native apps. */
export const isTabRoot = (path: string) => path === '/' || TABS.some((tab) => tab.to === path);

/** Back from a page below a tab: where it was opened from, or Home when it was opened first. */
function goBack() {
  if (historyIndex() > 0) window.history.back();
  else navigate('/home', { replace: true });
}

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // Telegram's menu's Settings item: Home, with the settings open.
  useEffect(
    () =>
      onSettingsButton(() => {
        useAppStore.getState().askSettings(true);
        navigate('/home');
      }),
    [],
  );
  // Telegram's back button shows on the pages below a tab, never on a tab (a running round asks
  // first).
  useEffect(
    () => syncBackButton(!isTabRoot(location), () => void mayLeave().then((leave) => leave && goBack())),
    [location],
  );

  return (
    <div className="mx-auto flex min-h-full max-w-[480px] flex-col">
      <main
        className="flex-1 px-4"
        style={{
          paddingTop: 'calc(var(--safe-top) + 12px)',
          paddingBottom: 'calc(var(--footer-height) + var(--safe-bottom) + 16px)',
          paddingLeft: 'calc(var(--safe-left) + 16px)',
          paddingRight: 'calc(var(--safe-right) + 16px)',
        }}
      >
        {children}
      </main>
      <Reconnecting />
      <Footer />
    </div>
  );
}

/**
 * While a tap batch or a purchase waits to be sent again (lib/outbox.ts: a failover, no
 * network), a quiet word above the footer instead of an error; nothing is lost meanwhile.
 */
export function Reconnecting() {
  const { t } = useT();
  const reconnecting = useReconnecting();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 z-30 flex justify-center"
      style={{ bottom: 'calc(var(--footer-height) + var(--safe-bottom) + 8px)' }}
    >
      {reconnecting ? (
        <span
          data-testid="reconnecting"
          className="flex items-center gap-1.5 rounded-full bg-night-950/80 px-3 py-1 text-[11px] font-bold text-text-dim"
        >
          <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-lilac" />
          {t('app.reconnecting')}
        </span>
      ) : null}
    </div>
  );
}

function Footer() {
  const [pathname, navigate] = useLocation();
  const { t } = useT();
  const rewardReady = useRewardReady();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-[480px] border-t border-lilac/15 bg-night-950/90 backdrop-blur"
      style={{
        paddingBottom: 'var(--safe-bottom)',
        paddingLeft: 'var(--safe-left)',
        paddingRight: 'var(--safe-right)',
      }}
    >
      <ul className="flex h-[var(--footer-height)] items-stretch justify-around px-1">
        {TABS.map(({ to, label, Icon }) => {
          const active = pathname === to || (to === '/home' && pathname === '/');
          // A task's reward waiting to be claimed: a dot on the Tasks tab, said with its name.
          const badge = to === '/tasks' && rewardReady;
          return (
            <li key={to} className="flex-1">
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                // Named by its label alone; the dot is its description.
                aria-label={t(label)}
                aria-describedby={badge ? 'tasks-reward-ready' : undefined}
                // A screen with something to lose (a running round) asks first. Switching tabs
                // stacks no history, as in native apps: Back is for the pages below a tab.
                onClick={(event) => {
                  event.preventDefault();
                  void mayLeave().then((leave) => leave && navigate(to, { replace: true }));
                }}
                className={`flex h-full flex-col items-center justify-center gap-0.5 rounded-xl text-[11px] font-extrabold transition-colors ${
                  active ? 'text-gold' : 'text-text-dim'
                }`}
              >
                <span
                  className={`relative grid h-8 w-12 place-items-center rounded-full ${active ? 'bg-gold/15' : ''}`}
                >
                  <Icon size={22} />
                  {badge ? (
                    <>
                      <span
                        aria-hidden="true"
                        data-testid="tasks-reward-dot"
                        className="absolute top-0.5 end-2 h-2.5 w-2.5 rounded-full bg-coral ring-2 ring-night-950"
                      />
                      <span id="tasks-reward-ready" className="sr-only">
                        {t('nav.rewardReady')}
                      </span>
                    </>
                  ) : null}
                </span>
                <span className="max-w-full px-0.5 text-center leading-tight">{t(label)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
