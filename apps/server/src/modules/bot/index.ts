// The module's public surface: what other modules and the app may import (lint enforces it).
export { createBotSide, telegramApi } from './bot.ts';
export type { BotSide } from './bot.ts';
export { botMayNotWrite, botMayWriteSql, playLabel } from './bot.audience.ts';
export { markUnreachable } from './bot.repository.ts';
export { queueAirdropDeadline, queueAppealAnswer, rememberTimeZone } from './notifications.service.ts';
