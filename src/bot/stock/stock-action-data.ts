/**
 * Callback data of `/stock`'s buttons, validated with zod, at most 64 bytes: `sp:<product ref>` and `sr:<product ref>`
 * (Pause, Resume), and for an order holding items after a refused delivery `sh:<order ref>` (Release: asks),
 * `sy:<order ref>` (Confirm) and `sb:<order ref>` (Back). An id too long to fit (they may have up to 200 characters) is
 * replaced by `#<hash>` (long-ref.ts), remembered in the key-value store. An id has one alias for good, rewritten in
 * place, so there is nothing to prune.
 */
import { z } from 'zod';
import { OrderIdSchema, ProductIdSchema, type OrderId, type ProductId } from '../../seller-api/schemas.ts';
import { kvSlot, type BotKeyValueStore } from '../storage/kv.ts';
import { encodeRef, MAX_CALLBACK_DATA_BYTES, readRef } from '../callback-data/long-ref.ts';

const PRODUCT_VERBS = { pause: 'sp', resume: 'sr' } as const;
const ORDER_VERBS = { release: 'sh', releaseConfirm: 'sy', releaseBack: 'sb' } as const;
type ProductVerb = keyof typeof PRODUCT_VERBS;
type HeldVerb = keyof typeof ORDER_VERBS;
export type StockVerbName = ProductVerb | HeldVerb;

/** Which taps are this codec's: the feature claims them before the order buttons see them. */
export const STOCK_CALLBACK_DATA = /^s[prhyb]:/;

const VERB_NAMES = Object.fromEntries(
  Object.entries({ ...PRODUCT_VERBS, ...ORDER_VERBS }).map(([name, verb]) => [verb, name as StockVerbName]),
);

const StockActionDataSchema = z
  .string()
  .refine((data) => Buffer.byteLength(data, 'utf8') <= MAX_CALLBACK_DATA_BYTES, 'longer than 64 bytes')
  .transform((data, context) => {
    const verb = VERB_NAMES[data.slice(0, 2)];
    const ref = data.slice(3);
    if (verb === undefined || data[2] !== ':' || ref === '') {
      context.addIssue({ code: 'custom', message: 'not a stock action' });
      return z.NEVER;
    }
    return { verb, ref } as const;
  });

// Product aliases are stored as they always were; orders' under a prefix of their own.
const PRODUCT_ALIAS = { prefix: 'stock-alias:', schema: z.object({ productId: ProductIdSchema }) };
const ORDER_ALIAS = { prefix: 'stock-order-alias:', schema: z.object({ orderId: OrderIdSchema }) };

export type StockAction = { verb: ProductVerb; productId: ProductId } | { verb: HeldVerb; orderId: OrderId };

export interface StockActionCodec {
  /** Data for a product's button; long ids are remembered under their hash first. */
  encode(verb: ProductVerb, productId: ProductId): Promise<string>;
  /** Data for a button about the items an order holds. */
  encodeHeld(verb: HeldVerb, orderId: OrderId): Promise<string>;
  /** The action a button carries, or undefined for forged or unknown data. */
  decode(data: string): Promise<StockAction | undefined>;
}

const isHeldVerb = (verb: StockVerbName): verb is HeldVerb => verb in ORDER_VERBS;

export function createStockActionCodec(kv: BotKeyValueStore): StockActionCodec {
  const productAlias = (hash: string) => kvSlot(kv, `${PRODUCT_ALIAS.prefix}${hash}`, PRODUCT_ALIAS.schema);
  const orderAlias = (hash: string) => kvSlot(kv, `${ORDER_ALIAS.prefix}${hash}`, ORDER_ALIAS.schema);
  return {
    async encode(verb, productId) {
      const { data, hash } = encodeRef(PRODUCT_VERBS[verb], productId);
      if (hash !== undefined) await productAlias(hash).write({ productId });
      return data;
    },
    async encodeHeld(verb, orderId) {
      const { data, hash } = encodeRef(ORDER_VERBS[verb], orderId);
      if (hash !== undefined) await orderAlias(hash).write({ orderId });
      return data;
    },
    async decode(data) {
      const parsed = StockActionDataSchema.safeParse(data);
      if (!parsed.success) return undefined;
      const { verb, ref } = parsed.data;
      const named = readRef(ref);
      if (isHeldVerb(verb)) {
        const orderId = 'id' in named ? (named.id as OrderId) : (await orderAlias(named.hash).read())?.orderId;
        return orderId === undefined ? undefined : { verb, orderId };
      }
      const productId = 'id' in named ? (named.id as ProductId) : (await productAlias(named.hash).read())?.productId;
      return productId === undefined ? undefined : { verb, productId };
    },
  };
}
