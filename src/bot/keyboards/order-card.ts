/** Buttons of an order card, by status (README "Using it"), in the chat's language. Other statuses, unknown ones included, get none. */
import { InlineKeyboard } from 'grammy';
import type { Order } from '../../seller-api/schemas.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { BUTTONS } from '../texts/buttons.ts';
import type { Translator } from '../texts/translator.ts';

export async function orderCardKeyboard(tr: Translator, order: Order, codec: OrderActionCodec): Promise<InlineKeyboard | undefined> {
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
