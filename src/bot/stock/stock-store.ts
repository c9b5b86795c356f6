/**
 * What the bot needs of the stock tables (src/db's `createStockQueries` fits it): the list `/stock` shows, adding an
 * uploaded file's items, and pausing a product. Item texts never come back through here, only counts and a masked hint.
 */
import type { ProductId } from '../../seller-api/schemas.ts';

/** One product's stock as `/stock` lists it. */
export interface ProductStockLine {
  productId: ProductId;
  /** From the newest order of this product sync has seen; undefined when none was seen. */
  title: string | undefined;
  inStock: number;
  reserved: number;
  delivered: number;
  bad: number;
  paused: boolean;
  /** A short masked hint of the next item to go out (`AB…9Z`), never the item. */
  nextHint: string | undefined;
}

export interface StockAdded {
  added: number;
  /** Lines already in this product's stock or repeated in the same file. */
  skipped: number;
  /** Items in stock after the file went in. */
  inStock: number;
}

export interface StockStore {
  /** Every product with stock or settings, sorted by id. */
  summary(): ProductStockLine[];
  /** Adds the items in one transaction: all of them or none. */
  add(productId: ProductId, items: readonly string[], now: number): StockAdded;
  setPaused(productId: ProductId, paused: boolean, now: number): void;
}
