/**
 * Callback data of the Replace item buttons: `<verb>:<stock item id>`. Item ids are small integers, so the data
 * stays far under Telegram's 64 bytes; the order comes from the message the button sits on, never from the data.
 */
import { z } from 'zod';

/** `i…` verbs: the stock list's buttons use `s…` (stock-action-data.ts). */
const STOCK_ITEM_VERBS = { replace: 'ir', replaceConfirm: 'iy', replaceBack: 'in' } as const;
export type StockItemVerb = keyof typeof STOCK_ITEM_VERBS;

const VERB_NAMES = Object.fromEntries(Object.entries(STOCK_ITEM_VERBS).map(([name, verb]) => [verb, name])) as Record<
  string,
  StockItemVerb
>;

const StockItemDataSchema = z
  .string()
  .regex(/^(ir|iy|in):\d{1,15}$/)
  .transform((data) => {
    const [verb = '', id = ''] = data.split(':');
    return { verb: VERB_NAMES[verb] as StockItemVerb, itemId: Number(id) };
  });

export const encodeStockItem = (verb: StockItemVerb, itemId: number): string => `${STOCK_ITEM_VERBS[verb]}:${itemId}`;

/** The button's verb and item, or undefined for any other data. */
export function decodeStockItem(data: string): { verb: StockItemVerb; itemId: number } | undefined {
  const parsed = StockItemDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
