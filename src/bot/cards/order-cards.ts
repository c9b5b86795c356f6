/**
 * Order cards: posting them, and editing them in place when the order changes. What each card shows is kept with
 * the card's record (`CardStore`), so an unchanged card is not edited at all, and "message is not modified" is a
 * success. A card that can no longer be edited (deleted, too old) is replaced by a new one, recorded as the order's.
 */
import type { Api, InlineKeyboard } from 'grammy';
import type { Order, OrderId } from '../../seller-api/schemas.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { isChatMoved, isNotModified, isUneditable } from '../helpers/telegram-errors.ts';
import { orderCardKeyboard, withQuickReply } from '../keyboards/order-card.ts';
import { orderCard } from './render-card.ts';
import { stockSection } from '../stock/card-section.ts';
import type { OrderStock, StockPlan } from '../../core/stock/stock-plan.ts';
import type { StoredCard } from '../../core/card-view.ts';
import type { CardStore } from './card-store.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';
import type { Html } from '../helpers/html.ts';
import { isOpenStatus } from '../../core/order-status.ts';
import type { Translator } from '../texts/translator.ts';

/** Older cards of an order (resent by /order) stop being updated past this many. */
const MAX_CARDS_PER_ORDER = 3;

export interface OrderCards {
  /** Sends a new card to the chat and records it as the order's card. */
  /**
   * Posts a card. `first`: the order's first card, from its appearance; when the order has a card already (a refresh
   * posted one while this waited for the lock), that card is returned rather than a second posted.
   */
  post(
    order: Order,
    chatId: number,
    options?: { replyTo?: number; plan?: StockPlan; threadId?: number; first?: boolean },
  ): Promise<TelegramRef>;
  /**
   * Brings every card of the order up to date; returns cards sent anew in place of uneditable ones, to the place
   * `placeForNewCard` names once the edits were tried (an edit can find that the group moved to a new id).
   */
  refresh(order: Order, placeForNewCard: () => Promise<CardPlace | undefined>): Promise<TelegramRef[]>;
  /** The newest card of the order (in that chat, when given), for replies. */
  latest(orderId: OrderId, inChat?: number): Promise<TelegramRef | undefined>;
  /**
   * Forgets what the cards of orders that are over, or not touched since `staleBefore` (ms), show; drops the cards
   * of orders sync has not known for long. A forgotten view costs little: the card is then edited without the
   * "unchanged" shortcut. Returns how many orders' records were dropped.
   */
  prune(staleBefore: number, orderState: (orderId: OrderId) => OrderState): Promise<number>;
}

/** Where a new card goes: a chat, and in a forum group the order's topic. */
export interface CardPlace {
  chatId: number;
  threadId?: number | undefined;
}

/** What sync knows of an order, as far as its card records are concerned. */
export type OrderState = 'open' | 'closed' | 'unknown';

/**
 * An order sync does not know yet may be one whose card was just posted and whose hand-off is not committed:
 * its cards are kept this long.
 */
const UNKNOWN_ORDER_GRACE_MS = 60 * 60_000;

interface RenderedCard {
  html: string;
  keyboard: InlineKeyboard | undefined;
  markup: string;
}

export interface OrderCardsDeps {
  api: Api;
  store: CardStore;
  codec: OrderActionCodec;
  now: () => number;
  /** The chat's language (BOT_LANGUAGE): a card is seen by everyone in the chat, whoever asked for it. */
  tr: Translator;
  /** What the order got from stock (auto-delivery), shown on its card. */
  stockOf?: (orderId: OrderId) => OrderStock | undefined;
  /** The audit lines of the order (audit/card-lines.ts), shown at the card's end. */
  auditOf?: (orderId: OrderId) => readonly Html[];
}

export function createOrderCards(deps: OrderCardsDeps): OrderCards {
  const { store } = deps;
  const lock = createKeyedLock();

  const render = async (order: Order, plan?: StockPlan): Promise<RenderedCard> => {
    const stock = stockSection(deps.tr, order, { plan, got: deps.stockOf?.(order.id) });
    const keyboard =
      stock.keyboard === undefined
        ? await orderCardKeyboard(deps.tr, order, deps.codec)
        : await withQuickReply(deps.tr, stock.keyboard, order, deps.codec);
    const html = orderCard(deps.tr, order, {
      lines: stock.lines,
      showsValue: stock.showsValue,
      audit: deps.auditOf?.(order.id) ?? [],
    }).html;
    return { html, keyboard, markup: JSON.stringify(keyboard?.inline_keyboard ?? []) };
  };

  const viewOf = (card: RenderedCard) => ({ html: card.html, markup: card.markup, shownAt: deps.now() });

  const send = async (orderId: OrderId, card: RenderedCard, place: CardPlace, replyTo?: number): Promise<TelegramRef> => {
    const message = await deps.api.sendMessage(place.chatId, card.html, {
      parse_mode: 'HTML',
      ...(place.threadId === undefined ? {} : { message_thread_id: place.threadId }),
      link_preview_options: { is_disabled: true },
      ...(card.keyboard ? { reply_markup: card.keyboard } : {}),
      ...(replyTo === undefined ? {} : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }),
    });
    // The chat it landed in: a send to a group that became a supergroup lands in the new one.
    const ref = { chatId: message.chat.id, messageId: message.message_id };
    await store.show(orderId, ref, viewOf(card));
    return ref;
  };

  /** Edits one card; false when it cannot be edited any more. */
  const edit = async (orderId: OrderId, stored: StoredCard, card: RenderedCard): Promise<boolean> => {
    if (stored.view?.html === card.html && stored.view.markup === card.markup) return true;
    try {
      await deps.api.editMessageText(stored.chatId, stored.messageId, card.html, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        // An empty keyboard removes the buttons (closed orders offer none).
        reply_markup: card.keyboard ?? { inline_keyboard: [] },
      });
    } catch (error) {
      if (isUneditable(error) || isChatMoved(error)) return false;
      if (!isNotModified(error)) throw error;
    }
    await store.show(orderId, stored, viewOf(card));
    return true;
  };

  const keepNewest = async (orderId: OrderId) => {
    const tended = (await store.cards(orderId)).filter((stored) => stored.view !== undefined);
    if (tended.length > MAX_CARDS_PER_ORDER) await store.forget(tended.slice(0, -MAX_CARDS_PER_ORDER));
  };

  return {
    post: (order, chatId, options = {}) =>
      lock.run(order.id, async () => {
        const existing = options.first ? (await store.cards(order.id)).at(-1) : undefined;
        if (existing) return { chatId: existing.chatId, messageId: existing.messageId };
        const place = { chatId, threadId: options.threadId };
        const ref = await send(order.id, await render(order, options.plan), place, options.replyTo);
        await keepNewest(order.id);
        return ref;
      }),

    refresh: (order, placeForNewCard) =>
      lock.run(order.id, async () => {
        const card = await render(order);
        const known = await store.cards(order.id);
        const gone: TelegramRef[] = [];
        for (const stored of known) if (!(await edit(order.id, stored, card))) gone.push(stored);
        await store.forget(gone);
        const replaced: TelegramRef[] = [];
        if (gone.length === known.length) {
          // Every card is gone: one new card keeps the order visible.
          const first = known[0];
          const place = (await placeForNewCard()) ?? (first && { chatId: first.chatId });
          if (place !== undefined) replaced.push(await send(order.id, card, place));
        }
        // An order that is over is no longer kept up to date; its cards still map replies to it.
        if (!isOpenStatus(order.status)) await store.forgetOrder(order.id);
        else await keepNewest(order.id);
        return replaced;
      }),

    async latest(orderId, inChat) {
      const known = await store.cards(orderId);
      const newest = known.filter((stored) => inChat === undefined || stored.chatId === inChat).at(-1);
      return newest && { chatId: newest.chatId, messageId: newest.messageId };
    },

    async prune(staleBefore, orderState) {
      let dropped = 0;
      for (const { orderId } of await store.tendedOrders()) {
        await lock.run(orderId, async () => {
          // Read again under the lock: a card may have been posted or edited since the list was read.
          const shownAt = Math.max(...(await store.cards(orderId)).map((stored) => stored.view?.shownAt ?? Number.NaN));
          const state = orderState(orderId);
          // Written `!(shownAt >= …)` so that no known view (NaN) counts as old.
          const expired =
            state === 'unknown'
              ? !(shownAt >= deps.now() - UNKNOWN_ORDER_GRACE_MS && shownAt >= staleBefore)
              : state === 'closed' || !(shownAt >= staleBefore);
          if (!expired) return;
          if (state === 'unknown') await store.dropUnknown(orderId);
          else await store.forgetOrder(orderId);
          dropped += 1;
        });
      }
      return dropped;
    },
  };
}
