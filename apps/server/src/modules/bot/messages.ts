import { InlineKeyboard } from 'grammy';

/** 12,345 */
const formatNumber = (n: number) => n.toLocaleString('en-US');

/** Texts the bot sends (design choices; short, one idea each). */
export const WELCOME =
  'Welcome to Egg Rush! Tap the egg, grow your farm, spin the wheel and climb the Leader Board.';
export const WELCOME_INVITED =
  'Welcome to Egg Rush! A friend invited you: open the game to get your welcome bonus.';
export const HELP = [
  'Egg Rush is played in the mini-app: tap Play below or the menu button.',
  '',
  '/start: open the game',
  '/settings: turn reminders on or off',
  '/help: this message',
].join('\n');
export const PLAY = 'Play';

export const settingsText = (on: boolean) =>
  on
    ? 'Reminders are on: the bot tells you when your farm is ready, your energy is full, your streak is about to end or a friend joins.'
    : 'Reminders are off: the bot will not write to you.';
export const settingsKeyboard = (on: boolean) =>
  new InlineKeyboard().text(on ? 'Turn reminders off' : 'Turn reminders on', on ? 'notify:off' : 'notify:on');

export function notificationText(kind: string, detail: Record<string, unknown>, hoursLeft: number): string {
  switch (kind) {
    case 'farm':
      return '🌾 Your farm is ready: come and claim your coins!';
    case 'energy':
      return '⚡ Your energy is full again. Time to tap!';
    case 'streak':
      return `🔥 Your ${Number(detail.streak ?? 1)}-day check-in streak ends in ${hoursLeft} hour${hoursLeft === 1 ? '' : 's'}: claim today's reward to keep it.`;
    case 'friend':
      return `🎉 ${String(detail.name ?? 'A friend')} joined through your invite: +${formatNumber(Number(detail.reward ?? 0))} coins for you!`;
    default:
      return 'Egg Rush misses you!';
  }
}

export const thanksText = (tickets: number) =>
  `Thank you! ${formatNumber(tickets)} tickets are in your balance.`;
