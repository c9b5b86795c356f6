/**
 * Order cards: posting them, and editing them in place when the order changes. What each card shows is remembered
 * in the key-value store, so an unchanged card is not edited at all, and "message is not modified" is a success.
 * A card that can no longer be edited (deleted, too old) is replaced by a new one, which the caller links.
 */
import type { Api, InlineKeyboard } from 'grammy';
import { z } from 'zod';
import type { Order, OrderId } from '../../seller-api/schemas.ts';
import type { SyncQueries } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { isNotModified, isUneditable } from '../helpers/telegram-errors.ts';
import { orderCardKeyboard } from '../keyboards/order-card.ts';
import { orderCard } from '../texts.ts';
import { kvSlot, kvSuffixes, type BotKeyValueStore } from '../services/kv.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';
import { isOpenStatus } from '../../core/order-status.ts';

const CardRecordSchema = z.object({
  chatId: z.number().int(),
  messageId: z.number().int(),
  /** What the card shows now; empty when unknown (a card known only from sync's links). */
  html: z.string(),
  markup: z.string(),
  /** When the card was last posted or edited (ms), for housekeeping; absent in records older than that. */
  at: z.number().optional(),
});
type CardRecord = z.infer<typeof CardRecordSchema>;
const CardRecordsSchema = z.array(CardRecordSchema);

const CARDS_PREFIX = 'cards:';

/** Older cards of an order (resent by /order) stop being updated past this many. */
const MAX_CARDS_PER_ORDER = 3;

export interface OrderCards {
  /** Sends a new card to the chat and remembers it (the caller links it to the order in sync). */
  post(order: Order, chatId: number, options?: { replyTo?: number }): Promise<TelegramRef>;
  /** Brings every card of the order up to date; returns cards sent anew in place of uneditable ones. */
  refresh(order: Order, fallbackChatId: number | undefined): Promise<TelegramRef[]>;
  /** The newest card of the order (in that chat, when given), for replies. */
  latest(orderId: OrderId, inChat?: number): Promise<TelegramRef | undefined>;
  /**
   * Drops the records of orders that are over or unknown to sync, and records not touched since `staleBefore`
   * (ms). A dropped record costs little: sync's links still find the card, which is then edited without the
   * "unchanged" shortcut. Returns how many orders' records were dropped.
   */
  prune(staleBefore: number, orderState: (orderId: OrderId) => OrderState): Promise<number>;
}

/** What sync knows of an order, as far as its card records are concerned. */
export type OrderState = 'open' | 'closed' | 'unknown';

/**
 * An order sync does not know yet may be one whose card was just posted and whose hand-off is not committed:
 * its record is kept this long.
 */
const UNKNOWN_ORDER_GRACE_MS = 60 * 60_000;

interface RenderedCard {
  html: string;
  keyboard: InlineKeyboard | undefined;
  markup: string;
}

export function createOrderCards(deps: {
  api: Api;
  kv: BotKeyValueStore;
  codec: OrderActionCodec;
  engine: () => SyncQueries;
  now: () => number;
}): OrderCards {
  const lock = createKeyedLock();
  const records = (orderId: OrderId) => kvSlot(deps.kv, `${CARDS_PREFIX}${orderId}`, CardRecordsSchema);

  const render = async (order: Order): Promise<RenderedCard> => {
    const keyboard = await orderCardKeyboard(order, deps.codec);
    return { html: orderCard(order).html, keyboard, markup: JSON.stringify(keyboard?.inline_keyboard ?? []) };
  };

  const send = async (card: RenderedCard, chatId: number, replyTo?: number): Promise<CardRecord> => {
    const message = await deps.api.sendMessage(chatId, card.html, {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...(card.keyboard ? { reply_markup: card.keyboard } : {}),
      ...(replyTo === undefined ? {} : { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }),
    });
    return { chatId, messageId: message.message_id, html: card.html, markup: card.markup, at: deps.now() };
  };

  /** Edits one card; undefined when it cannot be edited any more. */
  const edit = async (record: CardRecord, card: RenderedCard): Promise<CardRecord | undefined> => {
    if (record.html === card.html && record.markup === card.markup) return record;
    try {
      await deps.api.editMessageText(record.chatId, record.messageId, card.html, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        // An empty keyboard removes the buttons (closed orders offer none).
        reply_markup: card.keyboard ?? { inline_keyboard: [] },
      });
    } catch (error) {
      if (isUneditable(error)) return undefined;
      if (!isNotModified(error)) throw error;
    }
    return { ...record, html: card.html, markup: card.markup, at: deps.now() };
  };

  const knownRecords = async (orderId: OrderId): Promise<CardRecord[]> => {
    const stored = await records(orderId).read();
    if (stored && stored.length > 0) return stored;
    const card = deps.engine().findOrder(orderId)?.telegram[0];
    return card ? [{ ...card, html: '', markup: '' }] : [];
  };

  return {
    post: (order, chatId, options = {}) =>
      lock.run(order.id, async () => {
        const record = await send(await render(order), chatId, options.replyTo);
        const kept = [...((await records(order.id).read()) ?? []), record].slice(-MAX_CARDS_PER_ORDER);
        await records(order.id).write(kept);
        return { chatId: record.chatId, messageId: record.messageId };
      }),

    refresh: (order, fallbackChatId) =>
      lock.run(order.id, async () => {
        const card = await render(order);
        const known = await knownRecords(order.id);
        const updated: CardRecord[] = [];
        const replaced: TelegramRef[] = [];
        for (const record of known) {
          const edited = await edit(record, card);
          if (edited) updated.push(edited);
        }
        if (updated.length === 0 && (known.length > 0 || fallbackChatId !== undefined)) {
          // Every card is gone: one new card keeps the order visible.
          const chatId = fallbackChatId ?? known[0]!.chatId;
          const fresh = await send(card, chatId);
          updated.push(fresh);
          replaced.push({ chatId: fresh.chatId, messageId: fresh.messageId });
        }
        // An order that is over drops its record so the store stays bounded; sync's links still find its card.
        if (!isOpenStatus(order.status)) await records(order.id).remove();
        else await records(order.id).write(updated.slice(-MAX_CARDS_PER_ORDER));
        return replaced;
      }),

    async latest(orderId, inChat) {
      const known = await knownRecords(orderId);
      const newest = known.filter((record) => inChat === undefined || record.chatId === inChat).at(-1);
      return newest && { chatId: newest.chatId, messageId: newest.messageId };
    },

    async prune(staleBefore, orderState) {
      let dropped = 0;
      for (const orderId of (await kvSuffixes(deps.kv, CARDS_PREFIX)) as OrderId[]) {
        await lock.run(orderId, async () => {
          const slot = records(orderId);
          const stored = await slot.read();
          const touched = Math.max(...(stored ?? []).map((record) => record.at ?? Number.NaN));
          const state = orderState(orderId);
          const expired =
            stored === undefined ||
            state === 'closed' ||
            (state === 'unknown' && touched < deps.now() - UNKNOWN_ORDER_GRACE_MS) ||
            touched < staleBefore;
          if (expired) {
            await slot.remove();
            dropped += 1;
          } else if (Number.isNaN(touched)) {
            // Written before records were dated: their age counts from now.
            await slot.write(stored.map((record) => ({ ...record, at: record.at ?? deps.now() })));
          }
        });
      }
      return dropped;
    },
  };
}
