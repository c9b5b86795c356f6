/**
 * `/stock`'s message: every product with stock, its counts and a Pause/Resume button; the store's products with no
 * stock yet (their ids, to add some from the phone); the orders holding items after a refused delivery, each with a
 * Release button. As much as one message holds (Telegram's text limit, at most 100 buttons), held orders first; the
 * rest is counted and pointed to the CLI.
 */
import type { InlineKeyboard } from 'grammy';
import type { StockActionCodec } from './stock-action-data.ts';
import { join, lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import { stockListKeyboard } from './list-keyboard.ts';
import {
  stockEmpty,
  stockFooter,
  stockHeader,
  stockHeldHeader,
  stockHeldItem,
  stockItem,
  stockMore,
  stockNoStockItem,
} from '../texts/stock.ts';
import type { HeldOrder, ProductStock } from '../../core/stock/stock-plan.ts';
import type { OrderId, ProductId } from '../../seller-api/schemas.ts';
import type { Translator } from '../texts/translator.ts';
import { storeOfId } from '../../core/store-ref.ts';
import { storeLine, storeTitleOf } from '../texts/stores.ts';

/** Telegram refuses an inline keyboard with more buttons than this. */
const MAX_BUTTONS = 100;
/** Room for the "…and N more" line. */
const MORE_ROOM = 80;

export interface StockListView {
  products: readonly ProductStock[];
  /** Products the store lists that have no stock here; empty when the store's list could not be read. */
  unstocked: readonly { productId: ProductId; title: string | undefined }[];
  held: readonly HeldOrder[];
  /** The held order whose Release waits for its confirmation. */
  confirming?: OrderId | undefined;
}

export interface StockListMessage {
  text: Html;
  keyboard: InlineKeyboard | undefined;
}

/** What is left of the message for lines, and of the keyboard for buttons. */
interface Room {
  chars: number;
  buttons: number;
}

/** The items that fit in `room`, in order, each taking its line and `buttons` buttons; `room` is used up. */
function fitting<T>(items: readonly T[], render: (item: T) => Html, room: Room, buttons: number): { shown: T[]; lines: Html[] } {
  const shown: T[] = [];
  const rendered: Html[] = [];
  for (const item of items) {
    const line = render(item);
    if (line.length + 1 > room.chars || buttons > room.buttons) break;
    room.chars -= line.length + 1;
    room.buttons -= buttons;
    shown.push(item);
    rendered.push(line);
  }
  return { shown, lines: rendered };
}

/**
 * Several stores: `items` in the stores' order, and a render that puts the store's line above the first of each
 * store, so the list reads grouped by store. With one store, as they are.
 */
function byStore<T>(tr: Translator, items: readonly T[], idOf: (item: T) => string, render: (item: T) => Html) {
  if (!tr.stores.several) return { items, render };
  const rank = (item: T) => tr.stores.stores.findIndex((store) => store.name === storeOfId(idOf(item)));
  let last: string | undefined;
  const titled = (item: T): Html => {
    const title = storeTitleOf(tr, idOf(item));
    if (title === undefined || title === last) return render(item);
    last = title;
    return lines([storeLine(tr, title), render(item)]);
  };
  return { items: [...items].sort((a, b) => rank(a) - rank(b)), render: titled };
}

export async function renderStockList(tr: Translator, view: StockListView, codec: StockActionCodec): Promise<StockListMessage> {
  const { products, unstocked, held } = view;
  const header = products.length === 0 ? stockEmpty(tr) : stockHeader(tr, { products: products.length });
  if (products.length === 0 && unstocked.length === 0 && held.length === 0) return { text: header, keyboard: undefined };
  const footer = stockFooter(tr);
  const heldHeader = held.length > 0 ? stockHeldHeader(tr) : undefined;
  const room: Room = {
    chars: TELEGRAM_TEXT_LIMIT - header.length - footer.length - (heldHeader?.length ?? 0) - MORE_ROOM - 8,
    buttons: MAX_BUTTONS,
  };
  const heldBy = byStore(
    tr,
    held,
    (order) => order.orderId,
    (order) => stockHeldItem(tr, order),
  );
  const heldShown = fitting(heldBy.items, heldBy.render, room, 1);
  const stockedBy = byStore(
    tr,
    products,
    (product) => product.productId,
    (product) => stockItem(tr, product),
  );
  const stocked = fitting(stockedBy.items, stockedBy.render, room, 1);
  const bareBy = byStore(
    tr,
    unstocked,
    (product) => product.productId,
    (product) => stockNoStockItem(tr, product),
  );
  const bare = fitting(bareBy.items, bareBy.render, room, 0);
  const more = held.length + products.length + unstocked.length - heldShown.shown.length - stocked.shown.length - bare.shown.length;
  const sections = [header];
  if (stocked.lines.length > 0) sections.push(lines(stocked.lines));
  if (bare.lines.length > 0) sections.push(lines(bare.lines));
  if (heldHeader !== undefined && heldShown.lines.length > 0) sections.push(lines([heldHeader, ...heldShown.lines]));
  if (more > 0) sections.push(stockMore(tr, { count: more }));
  sections.push(footer);
  const keyboard = await stockListKeyboard(tr, { products: stocked.shown, held: heldShown.shown, confirming: view.confirming }, codec);
  return { text: join(sections, '\n\n'), keyboard };
}
