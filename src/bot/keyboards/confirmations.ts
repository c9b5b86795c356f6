/** Keyboards of the two-step actions: cancel (Confirm/Back) and deliver (value prompt, then Confirm/Back). */
import { InlineKeyboard } from 'grammy';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { BUTTONS } from '../texts/buttons.ts';

export const cancelConfirmKeyboard = async (orderId: OrderId, codec: OrderActionCodec) =>
  new InlineKeyboard()
    .text(BUTTONS.confirm, await codec.encode('cancelConfirm', orderId))
    .text(BUTTONS.back, await codec.encode('cancelBack', orderId));

export const deliverPromptKeyboard = async (orderId: OrderId, codec: OrderActionCodec) =>
  new InlineKeyboard()
    .text(BUTTONS.deliverWithoutValue, await codec.encode('deliverWithoutValue', orderId))
    .text(BUTTONS.back, await codec.encode('deliverBack', orderId));

export const deliverConfirmKeyboard = async (orderId: OrderId, codec: OrderActionCodec) =>
  new InlineKeyboard()
    .text(BUTTONS.confirm, await codec.encode('deliverConfirm', orderId))
    .text(BUTTONS.back, await codec.encode('deliverBack', orderId));
