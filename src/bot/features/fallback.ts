/** What nothing else handled: a hint in a private chat; silence in a group (people talk there). */
import { Composer } from 'grammy';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { privateHint } from '../texts/access.ts';
import { CALLBACK } from '../texts/callbacks.ts';

export function fallbackFeature() {
  const composer = new Composer<BotContext>();
  composer.on('callback_query', (ctx) => answerCallback(ctx, CALLBACK.stale(ctx.tr)));
  composer.chatType('private').on('message', async (ctx) => {
    await ctx.reply(privateHint(ctx.tr));
  });
  return composer;
}
