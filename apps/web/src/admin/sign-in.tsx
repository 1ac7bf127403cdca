import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { adminToken, call, setAdminToken, whenSignedOut } from './api.ts';
import { Button, ErrorNote, Loading } from './ui.tsx';

type State = { step: 'checking' } | { step: 'in'; adminId: number } | { step: 'out'; error?: unknown };

/** What the page was opened with: a one-time link's secret, or Telegram's launch data. */
function readFragment() {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  return { link: hash.get('link'), initData: hash.get('tgWebAppData') };
}

async function signIn(): Promise<number | null> {
  const { link, initData } = readFragment();
  const body = link ? { link } : initData ? { initData } : null;
  if (body) {
    // The secret is used once: drop it from the address bar and the history either way.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    const session = await call('adminSession', { body: body });
    setAdminToken(session.token);
    return session.adminId;
  }
  if (!adminToken()) return null;
  return (await call('adminMe')).adminId;
}

/** Signs the operator in, then shows the console; otherwise says how to get in. */
export function SignInGate({ children }: { children: (adminId: number, signOut: () => void) => ReactNode }) {
  const [state, setState] = useState<State>({ step: 'checking' });
  useEffect(() => {
    whenSignedOut(() => setState({ step: 'out', error: new Error('The session ended. Sign in again.') }));
    signIn().then(
      (adminId) => setState(adminId === null ? { step: 'out' } : { step: 'in', adminId }),
      (error: unknown) => setState({ step: 'out', error }),
    );
  }, []);
  const signOut = useCallback(() => {
    setAdminToken(null);
    setState({ step: 'out' });
  }, []);
  if (state.step === 'checking') {
    return (
      <main className="a-signin">
        <Loading label="Signing in…" />
      </main>
    );
  }
  if (state.step === 'in') return children(state.adminId, signOut);
  return (
    <main className="a-signin">
      <div className="a-card">
        <h1>Egg Rush operator console</h1>
        <ErrorNote error={state.error} />
        <p>Only operators listed in ADMIN_IDS can sign in. Two ways in:</p>
        <ol>
          <li>
            Open the console from Telegram (the bot&apos;s web app at <code>/admin</code>): your launch data
            signs you in.
          </li>
          <li>
            On the server, run <code>npm run admin:link -- &lt;your telegram id&gt;</code> and open the link
            it prints (<code>…/admin#link=…</code>). Each link works once, for 15 minutes.
          </li>
        </ol>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </div>
    </main>
  );
}
