import type { Context } from 'grammy';
import type { Html } from './html.ts';
import { isNotModified } from './telegram-errors.ts';

/**
 * Replaces the text of the message a button belongs to and removes its buttons. Editing to what it already shows
 * (a double tap) is a success.
 */
export async function settleButtonMessage(ctx: Context, html: Html): Promise<void> {
  try {
    await ctx.editMessageText(html.html, { parse_mode: 'HTML', reply_markup: { inline_keyboard: [] } });
  } catch (error) {
    if (!isNotModified(error)) throw error;
  }
}
