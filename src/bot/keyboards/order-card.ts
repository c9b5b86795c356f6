/**
 * Buttons of an order card, by status (docs/usage.md, "Orders and buyers"), in the chat's language. Other statuses,
 * unknown ones included, get none.
 */
import { InlineKeyboard } from 'grammy';
import type { Order } from '../../seller-api/schemas.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { BUTTONS } from '../texts/buttons.ts';
import { QUICK_REPLY_BUTTONS } from '../texts/templates.ts';
import type { Translator } from '../texts/translator.ts';

/** Every card's action buttons, then a row with Quick reply (the template menu, features/quick-reply.ts). */
export async function orderCardKeyboard(tr: Translator, order: Order, codec: OrderActionCodec): Promise<InlineKeyboard> {
  return withQuickReply(tr, (await actionButtons(tr, order, codec)) ?? new InlineKeyboard(), order, codec);
}

/** `keyboard` (the order's buttons, or the stock section's) with the Quick reply row every card ends with. */
export async function withQuickReply(
  tr: Translator,
  keyboard: InlineKeyboard,
  order: Order,
  codec: OrderActionCodec,
): Promise<InlineKeyboard> {
  const rows = keyboard.inline_keyboard.filter((row) => row.length > 0).map((row) => [...row]);
  const result = InlineKeyboard.from(rows);
  if (rows.length > 0) result.row();
  return result.text(QUICK_REPLY_BUTTONS.open(tr), await codec.encode('quickReply', order.id));
}

async function actionButtons(tr: Translator, order: Order, codec: OrderActionCodec): Promise<InlineKeyboard | undefined> {
  switch (order.status) {
    case 'paid':
      return new InlineKeyboard()
        .text(BUTTONS.take(tr), await codec.encode('take', order.id))
        .text(BUTTONS.cancel(tr), await codec.encode('cancel', order.id));
    case 'processing':
      return new InlineKeyboard()
        .text(BUTTONS.deliver(tr), await codec.encode('deliver', order.id))
        .text(BUTTONS.cancel(tr), await codec.encode('cancel', order.id));
    default:
      return undefined;
  }
}
