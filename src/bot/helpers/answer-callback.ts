/**
 * Answers a callback query at once, so the button stops spinning before any slow work. A late answer ("query is too
 * old") is harmless and swallowed; any other failure is left to the error boundary.
 */
import type { Context } from 'grammy';
import { isQueryTooOld } from './telegram-errors.ts';

export async function answerCallback(ctx: Context, text?: string): Promise<void> {
  if (!ctx.callbackQuery) return;
  try {
    await ctx.answerCallbackQuery(text === undefined ? undefined : { text });
  } catch (error) {
    if (!isQueryTooOld(error)) throw error;
  }
}
