/**
 * Callback data of the Pause/Resume buttons of `/stock`: `sp:<product ref>` and `sr:<product ref>`, validated with
 * zod, at most 64 bytes. A product id too long to fit (they may have up to 200 characters) is replaced by
 * `#<hash>` (long-ref.ts), remembered in the key-value store. A product has one alias for good,
 * rewritten in place, so there is nothing to prune.
 */
import { z } from 'zod';
import { ProductIdSchema, type ProductId } from '../../seller-api/schemas.ts';
import { kvSlot, type BotKeyValueStore } from '../storage/kv.ts';
import { encodeRef, MAX_CALLBACK_DATA_BYTES, readRef } from '../callback-data/long-ref.ts';

const STOCK_VERBS = { pause: 'sp', resume: 'sr' } as const;
export type StockVerbName = keyof typeof STOCK_VERBS;

/** Which taps are this codec's: the feature claims them before the order buttons see them. */
export const STOCK_CALLBACK_DATA = /^s[pr]:/;

const ALIAS_PREFIX = 'stock-alias:';

const StockActionDataSchema = z
  .string()
  .refine((data) => Buffer.byteLength(data, 'utf8') <= MAX_CALLBACK_DATA_BYTES, 'longer than 64 bytes')
  .transform((data, context) => {
    const verb = data.startsWith(`${STOCK_VERBS.pause}:`) ? 'pause' : data.startsWith(`${STOCK_VERBS.resume}:`) ? 'resume' : undefined;
    const ref = data.slice(3);
    if (verb === undefined || ref === '') {
      context.addIssue({ code: 'custom', message: 'not a stock action' });
      return z.NEVER;
    }
    return { verb, ref } as const;
  });

const AliasSchema = z.object({ productId: ProductIdSchema });

export interface StockAction {
  verb: StockVerbName;
  productId: ProductId;
}

export interface StockActionCodec {
  /** Data for a button; long ids are remembered under their hash first. */
  encode(verb: StockVerbName, productId: ProductId): Promise<string>;
  /** The action a button carries, or undefined for forged or unknown data. */
  decode(data: string): Promise<StockAction | undefined>;
}

export function createStockActionCodec(kv: BotKeyValueStore): StockActionCodec {
  const alias = (hash: string) => kvSlot(kv, `${ALIAS_PREFIX}${hash}`, AliasSchema);
  return {
    async encode(verb, productId) {
      const { data, hash } = encodeRef(STOCK_VERBS[verb], productId);
      if (hash !== undefined) await alias(hash).write({ productId });
      return data;
    },
    async decode(data) {
      const parsed = StockActionDataSchema.safeParse(data);
      if (!parsed.success) return undefined;
      const { verb, ref } = parsed.data;
      const named = readRef(ref);
      if ('id' in named) return { verb, productId: named.id as ProductId };
      const productId = (await alias(named.hash).read())?.productId;
      return productId === undefined ? undefined : { verb, productId };
    },
  };
}
