/** Several stores in one bot: how a message names the store it is about (nothing with one store). */
import { join, lines, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import type { Translator } from './translator.ts';

/** The title of the store `id` (an order's or a product's) belongs to, with several stores; undefined with one. */
export const storeTitleOf = (tr: Translator, id: string | undefined): string | undefined =>
  id === undefined ? undefined : tr.stores.storeOf(id)?.title;

/** The title of the store named `name`, with several stores; undefined with one. */
export const storeTitleNamed = (tr: Translator, name: string | undefined): string | undefined =>
  name === undefined || !tr.stores.several ? undefined : tr.stores.byName(name)?.title;

/** The line that names a store, above what is said of it. */
export const storeLine = (tr: Translator, title: string): Html => tr.html('stores-line', { store: title });

/** `html` under its store's line; as it is when no store is named (one store). */
export const aboutStore = (tr: Translator, title: string | undefined, html: Html): Html =>
  title === undefined ? html : lines([storeLine(tr, title), html]);

/** A short ` · 🏪 Title` after a line; nothing with one store. */
export const storeTag = (tr: Translator, id: string | undefined): Html | undefined => {
  const title = storeTitleOf(tr, id);
  return title === undefined ? undefined : tr.html('stores-tag', { store: title });
};

/** One store's line of /stats: its period in brief. */
export const storeStatsLine = (tr: Translator, p: { store: string; newOrders: number; delivered: number; revenue: number }): Html =>
  tr.html('stores-stats-line', { ...p, revenue: tr.format.number(p.revenue) });

/** A typed order id several stores have: each as it must be typed. */
export const whichOrder = (tr: Translator, orderId: string, choices: readonly string[]): Html =>
  tr.html('stores-which-order', {
    orderId: idCode(orderId),
    choices: join(
      choices.map((choice) => idCode(choice)),
      ', ',
    ),
  });

/** With several stores, /autocancel named a product of no store: how to name one. */
export const autocancelNameStore = (tr: Translator): string =>
  tr.text('stores-autocancel-name-first', { names: tr.stores.stores.map((store) => store.name).join(', ') });

/** A command named no store the bot serves. */
export const unknownStore = (tr: Translator, name: string): string =>
  tr.text('stores-unknown', { name, names: tr.stores.stores.map((store) => store.name).join(', ') });
