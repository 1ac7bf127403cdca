import type { Plugin } from 'vite';

/**
 * TON Connect's widget shows a few pictures of its own (the Telegram badge on "Wallet in
 * Telegram", the TON logo in the QR code, WalletConnect's logo), each fetched from GitHub. The
 * build points them at our copies in public/wallets/, so the wallet list shows nothing from an
 * outside host; it fails if the widget names a picture we do not have (a new version of it).
 */
export const TON_CONNECT_PICTURES: Record<string, string> = {
  'https://raw.githubusercontent.com/ton-connect/sdk/main/assets/tg.png': '/wallets/telegram-badge.svg',
  'https://raw.githubusercontent.com/ton-connect/sdk/main/assets/ton-icon-48.png': '/wallets/ton.svg',
  'https://raw.githubusercontent.com/ton-connect/sdk/main/assets/walletconnect-icon-288.png':
    '/wallets/walletconnect.svg',
};

const WIDGET = /[\\/]@tonconnect[\\/]ui[\\/]lib[\\/][^\\/]+\.m?js$/;
const OUTSIDE_PICTURE = /https:\/\/raw\.githubusercontent\.com\/ton-connect\/[^"'`\s]+/g;

export function tonConnectPictures(): Plugin {
  return {
    name: 'egg-rush-ton-connect-pictures',
    transform(code, id) {
      if (!WIDGET.test(id)) return undefined;
      const unknown = [...code.matchAll(OUTSIDE_PICTURE)]
        .map(([url]) => url)
        .filter((url) => !TON_CONNECT_PICTURES[url]);
      if (unknown.length)
        this.error(`TON Connect's widget fetches pictures we do not serve: ${unknown.join(', ')}`);
      return { code: code.replace(OUTSIDE_PICTURE, (url) => TON_CONNECT_PICTURES[url] ?? url), map: null };
    },
  };
}
