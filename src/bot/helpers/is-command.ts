import type { Message } from 'grammy/types';

/** A message starting with a bot command (Telegram marks it with a bot_command entity at offset 0). */
export const isCommand = (message: Message | undefined): boolean =>
  message?.entities?.some((entity) => entity.type === 'bot_command' && entity.offset === 0) === true;
