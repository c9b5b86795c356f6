/** What an order card and the chat say about auto-delivery from stock. Items only ever appear behind a spoiler. */
import { bold, code, italic, join, lines, spoiler, text, truncate, type Html } from '../helpers/html.ts';
import { formatNumber } from './format.ts';

const items = (count: number) => (count === 1 ? '1 item' : `${formatNumber(count)} items`);

export const stockDelivering = ({ quantity }: { quantity: number }): Html =>
  text(`📦 Delivering automatically from stock (${items(quantity)})…`);
export const stockDelivered: Html = bold('📦 Delivered automatically from stock');
export const stockItems = ({ values }: { values: readonly string[] }): Html => spoiler(truncate(values.join('\n'), 1000));
export const stockReplaced = ({ count }: { count: number }): Html =>
  italic(`🔁 ${items(count)} replaced after the buyer reported a problem`);
export const stockDeliverFailed: Html = text('⚠️ Automatic delivery failed: deliver by hand. These items stay reserved for this order:');
export const stockShort = ({ needed, inStock }: { needed: number; inStock: number }): Html =>
  text(`⚠️ Not delivered automatically: needs ${items(needed)}, ${formatNumber(inStock)} in stock`);
export const stockPaused: Html = text('⏸ Not delivered automatically: auto-delivery of this product is paused');
export const stockBadQuantity: Html = text('⚠️ Not delivered automatically: the quantity is not a whole number of items');

/** Telegram's answer to a Replace tap, then the confirmation question on the card. */
export const replaceAsk = ({ hint }: { hint: string }): Html =>
  join([
    bold('Replace this item?'),
    '\n',
    `The item ${hint} is marked bad (never used again) and the buyer gets the next item from stock.`,
  ]);
export const replaceDone = 'The next item is on its way to the buyer.';
export const replaceEmpty = 'No item left in stock to replace it with: add stock, then tap Replace again.';
export const replaceNotThisOrder = 'That item does not belong to this order any more.';
export const replaceKept = 'Kept: nothing was replaced.';

/** The chat message to the buyer carrying the replacement (its text goes to the store as the seller). */
export const replacementForBuyer = ({ item }: { item: string }): string => `Here is a replacement for the item that did not work:\n${item}`;

export const stockAlertLow = ({ productId, title, inStock }: { productId: string; title: string | undefined; inStock: number }): Html =>
  lines([
    bold('📉 Stock is running low'),
    join([code(truncate(productId, 80)), title ? ` · ${truncate(title, 100)}` : '', `: ${items(inStock)} left`]),
    'Add more from the phone: send a .txt file with the caption /stock <product id>.',
  ]);
export const stockAlertEmpty = ({ productId, title }: { productId: string; title: string | undefined }): Html =>
  lines([
    bold('🚫 Out of stock'),
    join([code(truncate(productId, 80)), title ? ` · ${truncate(title, 100)}` : '', ': new orders now wait for you to deliver by hand']),
    'Add more from the phone: send a .txt file with the caption /stock <product id>.',
  ]);
