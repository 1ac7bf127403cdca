import { startTransition, StrictMode } from 'react';
import { createRoot } from './react-dom.ts';
import { pickLanguage, startI18n } from '../lib/i18n.tsx';
import { prefs } from '../lib/storage.ts';
import { openCampaignScreen } from '../lib/campaign-screen.ts';
import { startTelegram } from '../lib/telegram.ts';
import { App } from './app.tsx';
import { ErrorFallback } from './error-boundary.tsx';

/** Starts the app in #root, in place of the first frame index.html painted. */
export function start() {
  // (index.html always has #root; the body would do otherwise.)
  const root = createRoot(document.getElementById('root') ?? document.body);
  startTelegram()
    // The language the player chose last on this device, else Telegram's; the server's copy of
    // the choice (another device's) follows once the profile is in.
    .then(async (session) => {
      await startI18n(prefs.language(session.user.id) ?? pickLanguage(session.user.languageCode));
      // Opened from a campaign's button: at the screen it names.
      openCampaignScreen(session.startParam);
      return session;
    })
    // As a transition, React renders the first screen in short slices rather than one long task.
    .then((session) =>
      startTransition(() =>
        root.render(
          <StrictMode>
            <App session={session} />
          </StrictMode>,
        ),
      ),
    )
    .catch(async (error: unknown) => {
      await startI18n(pickLanguage(navigator.language)).catch(() => undefined);
      root.render(<ErrorFallback error={error} />);
    });
}
