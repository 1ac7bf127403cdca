import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { AirdropIcon, FriendsIcon, LandIcon, MiningIcon, TasksIcon } from '../components/ui/icons.tsx';
import { syncBackButton } from '../lib/telegram.ts';

/** SPEC.md section 2: the footer tabs. */
export const TABS = [
  { to: '/home', label: 'Land', Icon: LandIcon },
  { to: '/mining', label: 'Minting', Icon: MiningIcon },
  { to: '/friends', label: 'Friends', Icon: FriendsIcon },
  { to: '/tasks', label: 'Tasks', Icon: TasksIcon },
  { to: '/airdrop', label: 'Airdrop', Icon: AirdropIcon },
] as const;

export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();

  // Telegram's back button follows the router history.
  useEffect(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    return syncBackButton(idx > 0, () => void navigate(-1));
  }, [location, navigate]);

  return (
    <div className="mx-auto flex min-h-full max-w-[480px] flex-col">
      <main
        className="flex-1 px-4"
        style={{
          paddingTop: 'calc(var(--safe-top) + 12px)',
          paddingBottom: 'calc(var(--footer-height) + var(--safe-bottom) + 16px)',
        }}
      >
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

function Footer() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-[480px] border-t border-lilac/15 bg-night-950/90 backdrop-blur"
      style={{ paddingBottom: 'var(--safe-bottom)' }}
    >
      <ul className="flex h-[var(--footer-height)] items-stretch justify-around px-1">
        {TABS.map(({ to, label, Icon }) => {
          const active = pathname === to || (to === '/home' && pathname === '/');
          return (
            <li key={to} className="flex-1">
              <NavLink
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
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
