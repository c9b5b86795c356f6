/** Buttons of an order card, by status (README "Using it"). Other statuses, unknown ones included, get none. */
import { InlineKeyboard } from 'grammy';
import type { Order } from '../../seller-api/schemas.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { BUTTONS } from '../texts/buttons.ts';
import { QUICK_REPLY_BUTTONS } from '../texts/templates.ts';

/** Every card's action buttons, then a row with Quick reply (the template menu, features/quick-reply.ts). */
export async function orderCardKeyboard(order: Order, codec: OrderActionCodec): Promise<InlineKeyboard> {
  const keyboard = (await actionButtons(order, codec)) ?? new InlineKeyboard();
  if (keyboard.inline_keyboard.some((row) => row.length > 0)) keyboard.row();
  return keyboard.text(QUICK_REPLY_BUTTONS.open, await codec.encode('quickReply', order.id));
}

async function actionButtons(order: Order, codec: OrderActionCodec): Promise<InlineKeyboard | undefined> {
  switch (order.status) {
    case 'paid':
      return new InlineKeyboard()
        .text(BUTTONS.take, await codec.encode('take', order.id))
        .text(BUTTONS.cancel, await codec.encode('cancel', order.id));
    case 'processing':
      return new InlineKeyboard()
        .text(BUTTONS.deliver, await codec.encode('deliver', order.id))
        .text(BUTTONS.cancel, await codec.encode('cancel', order.id));
    default:
      return undefined;
  }
}
