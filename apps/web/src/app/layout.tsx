import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { AirdropIcon, FriendsIcon, LandIcon, MiningIcon, TasksIcon } from '../components/ui/icons.tsx';
import { useT } from '../lib/i18n.tsx';
import { syncBackButton } from '../lib/telegram.ts';
import { historyIndex } from './history.ts';

/** The footer tabs. */
export const TABS = [
  { to: '/home', label: 'nav.land', Icon: LandIcon },
  { to: '/mining', label: 'nav.minting', Icon: MiningIcon },
  { to: '/friends', label: 'nav.friends', Icon: FriendsIcon },
  { to: '/tasks', label: 'nav.tasks', Icon: TasksIcon },
  { to: '/airdrop', label: 'nav.airdrop', Icon: AirdropIcon },
] as const;

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();

  // Telegram's back button follows the router history.
  useEffect(() => syncBackButton(historyIndex() > 0, () => window.history.back()), [location]);

  return (
    <div className="mx-auto flex min-h-full max-w-[480px] flex-col">
      <main
        className="flex-1 px-4"
        style={{
          paddingTop: 'calc(var(--safe-top) + 12px)',
          paddingBottom: 'calc(var(--footer-height) + var(--safe-bottom) + 16px)',
        }}
      >
        {children}
      </main>
      <Footer />
    </div>
  );
}

function Footer() {
  const [pathname] = useLocation();
  const { t } = useT();
  return (
    <nav
      aria-label={t('nav.main')}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-[480px] border-t border-lilac/15 bg-night-950/90 backdrop-blur"
      style={{ paddingBottom: 'var(--safe-bottom)' }}
    >
      <ul className="flex h-[var(--footer-height)] items-stretch justify-around px-1">
        {TABS.map(({ to, label, Icon }) => {
          const active = pathname === to || (to === '/home' && pathname === '/');
          return (
            <li key={to} className="flex-1">
              <Link
                to={to}
                aria-current={active ? 'page' : undefined}
                className={`flex h-full flex-col items-center justify-center gap-0.5 rounded-xl text-[11px] font-extrabold transition-colors ${
                  active ? 'text-gold' : 'text-text-dim'
                }`}
              >
                <span
                  className={`grid h-8 w-12 place-items-center rounded-full ${active ? 'bg-gold/15' : ''}`}
                >
                  <Icon size={22} />
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
