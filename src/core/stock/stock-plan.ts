/**
 * What auto-delivery decided for a new paid order, and what it later did: the card tells the seller, so a seller
 * never taps Take on an order the bot is already delivering, and knows why one was left to them.
 */
import type { OrderId, ProductId } from '../../seller-api/schemas.ts';
import type { ActionTicket } from '../actions.ts';

export type StockPlan =
  /** Items reserved for the order: the bot takes and delivers it. */
  | { kind: 'auto'; quantity: number }
  /** Not enough items in stock: no partial delivery, the seller delivers by hand. */
  | { kind: 'short'; needed: number; inStock: number }
  /** The seller paused auto-delivery of this product. */
  | { kind: 'paused' }
  /** The order's quantity is absent, zero, negative or fractional: nothing to count items by. */
  | { kind: 'bad-quantity' }
  /** Its items would not fit in one issued value (seller-api/spec-gaps.ts): nothing is taken, a person delivers. */
  | { kind: 'too-many'; quantity: number };

/** The issued value of an order's items: one per line, oldest first. */
export const issuedValue = (items: readonly string[]): string => items.join('\n');

/** The items an order got from stock, as the card shows them (behind a spoiler) and Replace item names them. */
export interface OrderStock {
  /** `failed`: the store refused the Deliver and nothing proves the buyer never got the items: held for the order. */
  state: 'reserved' | 'delivered' | 'released' | 'failed';
  /** Items still good, oldest first; the issued value is these joined by newlines. */
  items: { id: number; item: string }[];
  /** Items the seller marked bad (replaced). */
  replaced: number;
}

/** Stock of a product fell to the low threshold or ran out: one alert per crossing. */
export interface StockAlert {
  productId: ProductId;
  title: string | undefined;
  level: 'low' | 'empty';
  inStock: number;
  threshold: number;
}

/** What Replace item did: the next item went to the buyer as a chat message, or there was none to give. */
export type ReplaceOutcome = { ok: true; ticket: ActionTicket } | { ok: false; reason: 'empty' | 'not-this-order' };

/** What adding a batch of items did. */
export interface StockAddResult {
  added: number;
  /** Lines already in this product's stock (in any state) or repeated in the same batch. */
  skipped: number;
  /** Items in stock after the batch. */
  inStock: number;
}

export interface ProductStock {
  productId: ProductId;
  /** From the newest order of this product sync has seen; undefined when none was seen. */
  title: string | undefined;
  inStock: number;
  /** Items of deliveries under way. */
  reserved: number;
  /** Items of deliveries the store refused, kept for their order until a person releases them (`HeldOrder`). */
  held: number;
  delivered: number;
  bad: number;
  paused: boolean;
  /** A short masked hint of the next item to go out (`AB…9Z`), never the item. */
  nextHint: string | undefined;
}

/** An order holding items after the store refused its Deliver: they go back to stock only when a person says so. */
export interface HeldOrder {
  orderId: OrderId;
  productId: ProductId;
  items: number;
  /** When the Deliver was refused (ms). */
  since: number;
}

/** What releasing an order's held items did. */
export type ReleaseHeldResult =
  | { ok: true; productId: ProductId; released: number }
  /** `in-progress`: its delivery has not ended yet; `not-held`: it holds nothing (unknown, delivered, released). */
  | { ok: false; reason: 'in-progress' | 'not-held' };
