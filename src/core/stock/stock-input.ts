/**
 * What a seller hands in as stock: a product id and a text of items, one per line. Shared by the CLI and the
 * Telegram upload so both accept and refuse exactly the same input.
 */
import type { ProductId } from '../../seller-api/schemas.ts';

export type StockInputErrorCode =
  | 'STOCK_BAD_PRODUCT_ID'
  | 'STOCK_NO_ITEMS'
  | 'STOCK_ITEM_TOO_LONG'
  /** Not text in the encoding the file claims (stock-file.ts). */
  | 'STOCK_BAD_ENCODING'
  /** NUL bytes: binary, or UTF-16 without a byte-order mark (stock-file.ts). */
  | 'STOCK_BINARY_FILE';

export class StockInputError extends Error {
  override readonly name = 'StockInputError';
  constructor(
    readonly code: StockInputErrorCode,
    message: string,
    /** What the message names, so the bot can say it in the seller's language: the 1-based item, the limit. */
    readonly details: { item?: number; limit?: number } = {},
  ) {
    super(message);
  }
}

/** Longer than any key or account line a store would take as an issued value. */
const STOCK_ITEM_MAX_LENGTH = 1000;
const PRODUCT_ID_MAX_LENGTH = 200;

export function parseProductId(raw: string | undefined): ProductId {
  const id = raw?.trim() ?? '';
  if (id === '' || /\s/.test(id) || id.length > PRODUCT_ID_MAX_LENGTH) {
    throw new StockInputError(
      'STOCK_BAD_PRODUCT_ID',
      `the product id must be one word without spaces, at most ${PRODUCT_ID_MAX_LENGTH} characters (as the store shows it)`,
      { limit: PRODUCT_ID_MAX_LENGTH },
    );
  }
  return id as ProductId;
}

/** One item per non-empty line, trimmed, in file order; repeated lines are kept here and skipped by the store. */
export function parseStockLines(text: string): string[] {
  const items = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (items.length === 0) throw new StockInputError('STOCK_NO_ITEMS', 'the file has no items: put one key, code or account per line');
  const long = items.findIndex((item) => item.length > STOCK_ITEM_MAX_LENGTH);
  if (long >= 0) {
    throw new StockInputError(
      'STOCK_ITEM_TOO_LONG',
      `item ${long + 1} is longer than ${STOCK_ITEM_MAX_LENGTH} characters: nothing was added`,
      { item: long + 1, limit: STOCK_ITEM_MAX_LENGTH },
    );
  }
  return items;
}

/** `AB…9Z`: enough for a seller to recognise an item in a list, never enough to use it. */
export function maskItem(item: string): string {
  if (item.length <= 6) return '…';
  return `${item.slice(0, 2)}…${item.slice(-2)}`;
}

/** `shown` characters from each end, only while that is at most a third of the item. */
const widerMask = (item: string, shown: number): string | undefined =>
  item.length >= shown * 6 ? `${item.slice(0, shown)}…${item.slice(-shown)}` : undefined;

/**
 * Masks of several items that tell them apart where they can: keys of one batch often share their ends (`DE…MZ`
 * twice), so a mask that matches another's shows one more character at each end, never more than a third of its item.
 */
export function maskItems(items: readonly string[]): string[] {
  const masks = items.map(maskItem);
  for (let shown = 3; ; shown += 1) {
    let widened = false;
    const clashing = masks.map((mask) => masks.indexOf(mask) !== masks.lastIndexOf(mask));
    for (const [i, item] of items.entries()) {
      const wider = clashing[i] ? widerMask(item, shown) : undefined;
      if (wider === undefined) continue;
      masks[i] = wider;
      widened = true;
    }
    if (!widened) return masks;
  }
}
