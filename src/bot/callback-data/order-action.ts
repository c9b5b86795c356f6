/**
 * Callback data of every button: `<verb>:<order ref>`, validated with zod on the way in, at most 64 bytes
 * (Telegram counts bytes, hence Buffer.byteLength). An order id too long to fit is replaced by `#<hash>` and the
 * hash remembered in the key-value store, so any id the store may use still works.
 */
import { z } from 'zod';
import { OrderIdSchema, type OrderId } from '../../seller-api/schemas.ts';
import { kvSlot, kvSuffixes, type BotKeyValueStore } from '../storage/kv.ts';
import { encodeRef, MAX_CALLBACK_DATA_BYTES, readRef } from './long-ref.ts';

/** Short verbs keep room for the order id. */
export const ORDER_VERBS = {
  take: 't',
  cancel: 'c',
  cancelConfirm: 'cy',
  cancelBack: 'cn',
  deliver: 'd',
  deliverWithoutValue: 'dn',
  deliverConfirm: 'dy',
  deliverBack: 'db',
  /** Opens the Quick reply menu (features/quick-reply.ts). */
  quickReply: 'q',
} as const;
export type OrderVerbName = keyof typeof ORDER_VERBS;
type OrderVerb = (typeof ORDER_VERBS)[OrderVerbName];

const VERB_NAMES = Object.fromEntries(Object.entries(ORDER_VERBS).map(([name, verb]) => [verb, name])) as Record<OrderVerb, OrderVerbName>;

const VerbSchema = z.enum(Object.values(ORDER_VERBS) as [OrderVerb, ...OrderVerb[]]);
const OrderActionDataSchema = z
  .string()
  .refine((data) => Buffer.byteLength(data, 'utf8') <= MAX_CALLBACK_DATA_BYTES, 'longer than 64 bytes')
  .transform((data, context) => {
    const separator = data.indexOf(':');
    const verb = VerbSchema.safeParse(data.slice(0, Math.max(separator, 0)));
    const ref = data.slice(separator + 1);
    if (separator < 1 || !verb.success || ref === '') {
      context.addIssue({ code: 'custom', message: 'not an order action' });
      return z.NEVER;
    }
    return { verb: VERB_NAMES[verb.data], ref };
  });

export interface OrderAction {
  verb: OrderVerbName;
  orderId: OrderId;
}

/** `at`: when a button last carried it (ms), for housekeeping. Records written before that were the bare id. */
const AliasSchema = z.union([
  z.object({ orderId: OrderIdSchema, at: z.number() }),
  OrderIdSchema.transform((orderId) => ({ orderId, at: undefined })),
]);
const ALIAS_PREFIX = 'callback-alias:';

export interface OrderActionCodec {
  /** Data for a button; long ids are remembered under their hash first. */
  encode(verb: OrderVerbName, orderId: OrderId): Promise<string>;
  /** The action a button carries, or undefined for forged, foreign or stale data. */
  decode(data: string): Promise<OrderAction | undefined>;
  /**
   * Forgets hashes no button has carried since `staleBefore` (ms), unless `keep(orderId)`: an open order's card
   * may sit untouched for long and its buttons must still work. Returns how many were forgotten.
   */
  prune(staleBefore: number, keep: (orderId: OrderId) => boolean): Promise<number>;
}

export function createOrderActionCodec(kv: BotKeyValueStore, now: () => number = Date.now): OrderActionCodec {
  const alias = (hash: string) => kvSlot(kv, `${ALIAS_PREFIX}${hash}`, AliasSchema);
  return {
    async encode(verb, orderId) {
      const { data, hash } = encodeRef(ORDER_VERBS[verb], orderId);
      if (hash !== undefined) await alias(hash).write({ orderId, at: now() });
      return data;
    },
    async decode(data) {
      const parsed = OrderActionDataSchema.safeParse(data);
      if (!parsed.success) return undefined;
      const { verb, ref } = parsed.data;
      const named = readRef(ref);
      if ('id' in named) return { verb, orderId: named.id as OrderId };
      const orderId = (await alias(named.hash).read())?.orderId;
      return orderId === undefined ? undefined : { verb, orderId };
    },
    async prune(staleBefore, keep) {
      let forgotten = 0;
      for (const hash of await kvSuffixes(kv, ALIAS_PREFIX)) {
        const slot = alias(hash);
        const record = await slot.read();
        if (record === undefined) {
          // Unreadable (a hand edit, a layout we no longer know): no button can use it.
          await slot.remove();
          forgotten += 1;
        } else if (record.at === undefined) {
          // Written before records were dated: its age counts from now.
          await slot.write({ orderId: record.orderId, at: now() });
        } else if (record.at < staleBefore && !keep(record.orderId)) {
          await slot.remove();
          forgotten += 1;
        }
      }
      return forgotten;
    },
  };
}
