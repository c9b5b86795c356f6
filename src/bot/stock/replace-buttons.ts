/**
 * Replace item: the buyer says a key from stock does not work. A tap on the card asks first (a refund-like step is
 * never one tap); Confirm marks the item bad and sends the next one to the buyer through the outbox, once per bad
 * item however often it is tapped. The order is read from the message the button sits on, never from its data.
 * Admins only (it hands out a key and writes one off): staff are refused before anything is looked up.
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { Logger } from 'pino';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import { decodeStockItem, encodeStockItem } from './stock-item-data.ts';
import type { RecordStep } from '../audit/recording.ts';
import type { BotContext } from '../context.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { settleButtonMessage } from '../helpers/edit-message.ts';
import { text } from '../helpers/html.ts';
import { BUTTONS } from '../texts/buttons.ts';
import { CALLBACK } from '../texts/callbacks.ts';
import { replaceAsk, replaceDone, replaceEmpty, replaceKept, replaceNotThisOrder, replacementForBuyer } from '../texts/stock-card.ts';
import { replaceHints } from './card-section.ts';
import type { Translator } from '../texts/translator.ts';

export interface StockReplaceDeps {
  engine: () => SyncForBot;
  cards: OrderCards;
  binding: ChatBinding;
  /** Records staff's refused taps, with who tried. */
  recordStep?: RecordStep | undefined;
  logger: Logger;
  /** The chat's language (BOT_LANGUAGE): the buyer's message is the store's, not the tapping admin's /language. */
  tr: Translator;
}

export function stockReplaceButtons(deps: StockReplaceDeps) {
  const composer = new Composer<BotContext>();

  const orderOfButton = (ctx: BotContext): OrderId | undefined => {
    const message = ctx.callbackQuery?.message;
    return message && deps.engine().orderForTelegramMessage({ chatId: message.chat.id, messageId: message.message_id });
  };

  const admins = adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step: () => 'stock-replace' });

  composer.on('callback_query:data', async (ctx, next) => {
    const data = decodeStockItem(ctx.callbackQuery.data);
    if (data === undefined) return next();
    return admins(ctx, () => handle(ctx, data));
  });

  const handle = async (ctx: BotContext & { callbackQuery: { data: string } }, data: NonNullable<ReturnType<typeof decodeStockItem>>) => {
    const orderId = orderOfButton(ctx);
    if (orderId === undefined) return answerCallback(ctx, CALLBACK.unknownOrder(ctx.tr));
    const items = deps.engine().orderStock(orderId)?.items ?? [];
    const index = items.findIndex((candidate) => candidate.id === data.itemId);
    const item = items[index];

    switch (data.verb) {
      case 'replace': {
        if (item === undefined) return answerCallback(ctx, replaceNotThisOrder(ctx.tr));
        await answerCallback(ctx);
        const card = ctx.callbackQuery.message?.message_id;
        const hint = replaceHints(
          ctx.tr,
          items.map((candidate) => candidate.item),
        )[index];
        const question = await ctx.reply(replaceAsk(ctx.tr, { hint: hint ?? '' }).html, {
          parse_mode: 'HTML',
          reply_markup: new InlineKeyboard()
            .text(BUTTONS.confirm(ctx.tr), encodeStockItem('replaceConfirm', item.id))
            .text(BUTTONS.back(ctx.tr), encodeStockItem('replaceBack', item.id)),
          ...(card === undefined ? {} : { reply_parameters: { message_id: card, allow_sending_without_reply: true } }),
        });
        deps.engine().linkTelegramMessage(orderId, { chatId: question.chat.id, messageId: question.message_id }, 'other');
        return;
      }
      case 'replaceBack':
        await answerCallback(ctx);
        await settleButtonMessage(ctx, text(replaceKept(ctx.tr)));
        return;
      case 'replaceConfirm': {
        const outcome = deps.engine().replaceStockItem(orderId, data.itemId, (value) => replacementForBuyer(deps.tr, { item: value }));
        deps.logger.info({ orderId, itemId: data.itemId, ok: outcome.ok, userId: ctx.from?.id }, 'stock item replacement from a button');
        const answer = outcome.ok ? replaceDone(ctx.tr) : outcome.reason === 'empty' ? replaceEmpty(ctx.tr) : replaceNotThisOrder(ctx.tr);
        await answerCallback(ctx, answer);
        await settleButtonMessage(ctx, text(answer));
        const order = deps.engine().lastSeenOrder(orderId);
        if (outcome.ok && order) await deps.cards.refresh(order, async () => undefined);
        return;
      }
    }
  };

  return composer;
}
