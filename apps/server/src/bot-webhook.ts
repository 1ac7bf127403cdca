// `npm run bot:webhook`: tells Telegram to send the bot's updates to
// PUBLIC_URL/api/v1/bot/webhook with BOT_WEBHOOK_SECRET, and prints what Telegram then reports.
import { loadEnv } from './env.ts';
import { telegramApi } from './modules/bot/index.ts';

const env = loadEnv();
if (!env.botEnabled || !env.botWebhookSecret) {
  console.error('BOT_TOKEN and BOT_WEBHOOK_SECRET must be set.');
  process.exit(2);
}
if (!env.publicUrl.startsWith('https://')) {
  console.error(`PUBLIC_URL must be an https:// address Telegram can reach (it is ${env.publicUrl}).`);
  process.exit(2);
}
const api = telegramApi(env);
const url = `${env.publicUrl}/api/v1/bot/webhook`;
try {
  await api.setWebhook(url, {
    secret_token: env.botWebhookSecret,
    allowed_updates: ['message', 'callback_query', 'pre_checkout_query', 'my_chat_member'],
  });
  const info = await api.getWebhookInfo();
  console.log(
    JSON.stringify({
      url: info.url,
      pending: info.pending_update_count,
      lastError: info.last_error_message ?? null,
    }),
  );
} catch (error) {
  console.error(`setWebhook failed: ${(error as Error).message}`);
  process.exit(1);
}
