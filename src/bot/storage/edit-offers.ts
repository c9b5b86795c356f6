/**
 * The edited texts the bot offered to send, until the seller taps "Send the edited text": the latest ones, in the
 * key-value store (so a restart keeps them), under the chat, the message and the edit they came from.
 */
import { z } from 'zod';
import type { EditedReplyRef } from '../callback-data/edited-reply.ts';
import { kvSlot, type BotKeyValueStore } from './kv.ts';
import { OrderIdSchema, type OrderId } from '../../seller-api/schemas.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';

/** Offers are tapped within minutes; older ones then say they expired. */
const OFFERS_KEPT = 100;

const OffersSchema = z.array(z.object({ key: z.string(), orderId: OrderIdSchema, text: z.string(), at: z.number() }));

export interface EditOffer {
  orderId: OrderId;
  text: string;
}

export interface EditOffers {
  remember(chatId: number, ref: EditedReplyRef, offer: EditOffer, at: number): Promise<void>;
  find(chatId: number, ref: EditedReplyRef): Promise<EditOffer | undefined>;
}

export function createEditOffers(kv: BotKeyValueStore): EditOffers {
  const slot = kvSlot(kv, 'edit-offers', OffersSchema);
  const lock = createKeyedLock();
  const keyOf = (chatId: number, ref: EditedReplyRef) => `${chatId}:${ref.messageId}.${ref.editDate}`;
  return {
    remember: (chatId, ref, offer, at) =>
      lock.run('offers', async () => {
        const key = keyOf(chatId, ref);
        const others = ((await slot.read()) ?? []).filter((entry) => entry.key !== key);
        await slot.write([...others, { key, ...offer, at }].slice(-OFFERS_KEPT));
      }),
    async find(chatId, ref) {
      const entry = ((await slot.read()) ?? []).find((candidate) => candidate.key === keyOf(chatId, ref));
      return entry && { orderId: entry.orderId, text: entry.text };
    },
  };
}
