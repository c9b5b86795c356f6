/**
 * What the bot needs of the stock tables (src/db's `createStockQueries` fits it): the list `/stock` shows, adding an
 * uploaded file's items, and pausing a product. Item texts never come back through here, only counts and a masked hint.
 */
import type { ProductStock, StockAddResult } from '../../core/stock/stock-plan.ts';
import type { ProductId } from '../../seller-api/schemas.ts';

export interface StockStore {
  /** Every product with stock or settings, sorted by id. */
  summary(): ProductStock[];
  /** Adds the items in one transaction: all of them or none. */
  add(productId: ProductId, items: readonly string[], now: number): StockAddResult;
  setPaused(productId: ProductId, paused: boolean, now: number): void;
}
