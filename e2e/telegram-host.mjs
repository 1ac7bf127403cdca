// Telegram as the browser tests open the app: launch data signed with the bot token, in the
// address's hash, and the Android host's bridge (window.TelegramWebviewProxy.postEvent) recording
// what the app asks and answering as Telegram does (viewport, safe areas, theme, full screen,
// home screen), through Telegram.WebView.receiveEvent.
import { createHmac, randomBytes } from 'node:crypto';

/** The bot token the browser tests' production servers run with (no such bot exists). */
export const BOT_TOKEN = '7000000001:AAF-e2e-test-token-not-real';

/**
 * A server's environment in production mode, as a deployment made by the guide has it: the bot's
 * token, random secrets, and no Telegram (the bot's start-up calls fail at once against a closed
 * port). `extra` adds or overrides variables.
 */
export const productionEnv = (extra = {}) => ({
  NODE_ENV: 'production',
  BOT_TOKEN,
  JWT_SECRET: randomBytes(32).toString('hex'),
  GAME_SECRET: randomBytes(16).toString('hex'),
  COMBO_SECRET: randomBytes(16).toString('hex'),
  BOT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
  TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
  ...extra,
});

/**
 * Launch data as Telegram signs it: HMAC-SHA256 keyed by HMAC-SHA256("WebAppData", bot token) over
 * every field but `hash`. Clients since Bot API 8.0 add `signature` (Ed25519, for third parties);
 * older ones do not. `startParam`: the link's start parameter (an invitation), when given.
 */
export function signedInitData(botToken, user, { signature = true, startParam } = {}) {
  const fields = new URLSearchParams({
    auth_date: String(Math.floor(Date.now() / 1000)),
    query_id: 'AAE-e2e-query',
    user: JSON.stringify(user),
    ...(startParam ? { start_param: startParam } : {}),
    ...(signature ? { signature: randomBytes(64).toString('base64url') } : {}),
  });
  const check = [...fields.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  fields.set('hash', createHmac('sha256', secret).update(check).digest('hex'));
  return fields.toString();
}

export const THEME = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};

const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

/**
 * Opens `url` as Telegram's Android app does. `insets.safe` and `insets.content` are what the host
 * reports for the device's safe area and for its own controls over a full-screen app.
 */
export async function openAsTelegram(
  page,
  url,
  initData,
  { version = '8.0', platform = 'android', insets = { safe: NO_INSETS, content: NO_INSETS } } = {},
) {
  await page.addInitScript(
    ({ insets, theme }) => {
      window.__hostEvents = [];
      const send = (name, data) => setTimeout(() => window.Telegram.WebView.receiveEvent(name, data), 0);
      /** The host's answers to the app's requests, as Telegram's clients give them. */
      const answers = {
        web_app_request_viewport: () =>
          send('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          }),
        web_app_request_safe_area: () => send('safe_area_changed', insets.safe),
        web_app_request_content_safe_area: () => send('content_safe_area_changed', insets.content),
        web_app_request_theme: () => send('theme_changed', { theme_params: theme }),
        web_app_request_fullscreen: () => send('fullscreen_changed', { is_fullscreen: true }),
        web_app_check_home_screen: () => send('home_screen_checked', { status: 'missed' }),
      };
      window.__hostSend = send;
      window.TelegramWebviewProxy = {
        postEvent: (type, data) => {
          window.__hostEvents.push({ type, data });
          answers[type]?.();
        },
      };
    },
    { insets, theme: THEME },
  );
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: version,
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(THEME),
  });
  await page.goto(`${url}/#${hash}`);
}

/** What the app asked the host through the bridge: `[type, data]`, the data parsed. */
export const hostEvents = (page) =>
  page.evaluate(() =>
    window.__hostEvents.map(({ type, data }) => [type, typeof data === 'string' ? JSON.parse(data) : data]),
  );

/** The host sends `name` with `data` to the app, as Telegram does. */
export const hostSends = (page, name, data) =>
  page.evaluate(([n, d]) => window.__hostSend(n, d), [name, data]);
