/**
 * Sales at a glance, as every layer names it: what a local day sold (the chart of /stats and the daily summary) and
 * one order as the export lists it (/export, `npm run export`). The database fills them, sales/ draws and writes
 * them, the bot and the shell command send them. Types and the store's name only.
 */

/** The store's name in the export and, later, in the chart: one store per bot for now. */
export const MAIN_STORE = 'main';

/** One local day (`YYYY-MM-DD` in the bot's zone) and the instants it spans, [from, to) in ms since the epoch. */
export interface DayPeriod {
  day: string;
  from: number;
  to: number;
}

/**
 * What one local day sold: new paid orders seen that day, and the revenue of the orders delivered that day (as the
 * text figures count them). A day without orders is there with zeros. With several stores each store has its own
 * days (StatsStore.byStore) beside the totals, and the chart stacks its bars by store.
 */
export interface SalesDay {
  day: string;
  orders: number;
  revenue: number;
}

/** Who made a status change: a person (their Telegram name), the bot by itself (its source), or the store's side. */
export type ChangedBy = { kind: 'person'; name: string | undefined } | { kind: 'bot'; source: string } | { kind: 'website' };

/** One order of the export. Times are ms since the epoch; a field the store never gave is undefined. */
export interface ExportedOrder {
  orderId: string;
  store: string;
  /** When it was paid (the store's createdAt), else when the bridge first saw it. */
  createdAt: number;
  productId: string | undefined;
  productTitle: string | undefined;
  quantity: number | undefined;
  amount: number | undefined;
  status: string;
  takenAt: number | undefined;
  takenBy: ChangedBy | undefined;
  deliveredAt: number | undefined;
  deliveredBy: ChangedBy | undefined;
  cancelledAt: number | undefined;
}

/** The orders first seen in a period, oldest first: the same orders /stats counts as new paid orders. */
export interface OrderExportStore {
  orders(period: { from: number; to: number }): Iterable<ExportedOrder>;
}
