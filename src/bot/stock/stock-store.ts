/**
 * What the bot needs of the stock tables (src/db's `createStockQueries` fits it): the list `/stock` shows, adding an
 * uploaded file's items, pausing a product, and releasing the items an order holds. Item texts never come back
 * through here, only counts and a masked hint.
 */
import type { HeldOrder, ProductStock, ReleaseHeldResult, StockAddResult } from '../../core/stock/stock-plan.ts';
import type { OrderId, ProductId } from '../../seller-api/schemas.ts';

export interface StockStore {
  /** Every product with stock or settings, sorted by id. */
  summary(): ProductStock[];
  /** Adds the items in one transaction: all of them or none. */
  add(productId: ProductId, items: readonly string[], now: number): StockAddResult;
  setPaused(productId: ProductId, paused: boolean, now: number): void;
  /** Orders holding items after a refused delivery. */
  heldOrders(): HeldOrder[];
  /** A person says the buyer never got them: the held items go back to stock. */
  releaseHeld(orderId: OrderId, now: number): ReleaseHeldResult;
}
