import { useQuery } from '@tanstack/react-query';
import { THEME, TonConnect, TonConnectUIProvider } from '@tonconnect/ui-react';
import type { ReactNode } from 'react';
import { type Language, useT } from '../../lib/i18n.tsx';
import { appConfigQuery } from './api.ts';

/**
 * TON Connect for the game: one connector and one TonConnectUI (the provider keeps a single
 * instance), used by the Wallet tab's connection and the Airdrop tab's claim. Loaded lazily with
 * either. The wallets list is served by this app (no network needed to show it), the manifest by
 * the server.
 */
let connector: TonConnect | undefined;
function getConnector() {
  connector ??= new TonConnect({
    manifestUrl: `${window.location.origin}/tonconnect-manifest.json`,
    walletsListSource: `${window.location.origin}/wallets-v2.json`,
    // No third-party telemetry from the game.
    analytics: { mode: 'off' },
  });
  return connector;
}

/**
 * TON Connect's button and modals in the game's palette (the night sky, gold and lilac), the
 * same in Telegram's light and dark themes: the game itself has one look.
 */
const GAME_COLORS = {
  connectButton: { background: '#ffc93c', foreground: '#3a2300' },
  accent: '#ffc93c',
  telegramButton: '#7c4dff',
  icon: {
    primary: '#f4f0ff',
    secondary: '#a99cd6',
    tertiary: '#4f3596',
    success: '#4ef0b5',
    error: '#ff6b6b',
  },
  background: {
    primary: '#211243',
    secondary: '#2d1a5c',
    segment: '#3b2475',
    tint: '#160c2e',
    qr: '#f4f0ff',
  },
  text: { primary: '#f4f0ff', secondary: '#a99cd6' },
};

/**
 * The language of TON Connect's button and wallet window: it speaks English and Russian, Russian
 * for the players who read Russian or Ukrainian.
 */
export const tonConnectLanguage = (lng: Language): 'en' | 'ru' =>
  lng === 'ru' || lng === 'uk' ? 'ru' : 'en';

/** Whether the wallet window opens in a language other than the player's (said beside its button). */
export const walletWindowInEnglish = (lng: Language) => lng !== 'en' && tonConnectLanguage(lng) === 'en';

export function GameTonConnect({ children }: { children: ReactNode }) {
  const { data: config } = useQuery(appConfigQuery);
  const { lng } = useT();
  const language = tonConnectLanguage(lng);
  return (
    <TonConnectUIProvider
      connector={getConnector()}
      language={language}
      uiPreferences={{
        theme: THEME.DARK,
        borderRadius: 'm',
        colorsSet: { [THEME.DARK]: GAME_COLORS, [THEME.LIGHT]: GAME_COLORS },
      }}
      actionsConfiguration={{
        returnStrategy: 'back',
        ...(config ? { twaReturnUrl: config.miniAppUrl as `${string}://${string}` } : {}),
      }}
    >
      {children}
    </TonConnectUIProvider>
  );
}
