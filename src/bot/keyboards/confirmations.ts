/** Keyboards of the two-step actions: cancel (Confirm/Back) and deliver (value prompt, then Confirm/Back). */
import { InlineKeyboard } from 'grammy';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { BUTTONS } from '../texts/buttons.ts';
import type { Translator } from '../texts/translator.ts';

export const cancelConfirmKeyboard = async (tr: Translator, orderId: OrderId, codec: OrderActionCodec) =>
  new InlineKeyboard()
    .text(BUTTONS.confirm(tr), await codec.encode('cancelConfirm', orderId))
    .text(BUTTONS.back(tr), await codec.encode('cancelBack', orderId));

export const deliverPromptKeyboard = async (tr: Translator, orderId: OrderId, codec: OrderActionCodec) =>
  new InlineKeyboard()
    .text(BUTTONS.deliverWithoutValue(tr), await codec.encode('deliverWithoutValue', orderId))
    .text(BUTTONS.back(tr), await codec.encode('deliverBack', orderId));

export const deliverConfirmKeyboard = async (tr: Translator, orderId: OrderId, codec: OrderActionCodec) =>
  new InlineKeyboard()
    .text(BUTTONS.confirm(tr), await codec.encode('deliverConfirm', orderId))
    .text(BUTTONS.back(tr), await codec.encode('deliverBack', orderId));
