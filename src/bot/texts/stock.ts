/** `/stock`: the stock list, its Pause/Resume buttons, and the answers to a stock file sent with `/stock <productId>`. */
import type { ProductStock } from '../../core/stock-plan.ts';
import { bold, italic, join, lines, text, truncate, type Html } from '../helpers/html.ts';
import { count, formatNumber, idCode } from './format.ts';

export const stockCommandDescription = 'Stock for auto-delivery: list, pause, resume; send a .txt file to add';

export const stockUnavailable = 'Stock is not available in this setup.';

const howToAdd = (productId: string) => `send a .txt file, one key, code or account per line, with the caption /stock ${productId}`;

export const stockEmpty: Html = join(
  [
    bold('No stock yet.'),
    lines([
      'Add some:',
      `• from here: ${howToAdd('<productId>')}`,
      '• on the server: npm run stock -- add <productId> <file>',
      'The product id is the one the store shows (/products lists them).',
    ]),
  ],
  '\n\n',
);

export const stockHeader = ({ products }: { products: number }): Html => bold(`📦 Stock: ${count(products, 'product')}`);

type StockItemParams = ProductStock;
export const stockItem = ({ productId, title, inStock, reserved, delivered, bad, paused, nextHint }: StockItemParams): Html =>
  join([
    '• ',
    idCode(productId),
    title ? ` · ${truncate(title, 60)}` : '',
    `\n  ${inStock} left · ${reserved} reserved · ${delivered} delivered · ${bad} bad`,
    nextHint ? ` · next ${nextHint}` : '',
    paused ? '\n  ⏸ paused: not delivered automatically' : '\n  ▶️ auto-delivery on',
  ]);

export const stockMore = ({ count: more }: { count: number }): Html => italic(`…and ${more} more: npm run stock -- list shows them all`);

export const stockFooter: Html = italic(`To add items, ${howToAdd('<productId>')}. Pausing keeps the items.`);

export const stockPauseButton = ({ product }: { product: string }) => `⏸ Pause ${truncate(product, 30)}`;
export const stockResumeButton = ({ product }: { product: string }) => `▶️ Resume ${truncate(product, 30)}`;

// ---- button answers (at most 200 characters) ----

export const stockPausedAnswer = ({ productId }: { productId: string }) =>
  `Auto-delivery paused: ${truncate(productId, 80)}. Its items are kept.`;
export const stockResumedAnswer = ({ productId }: { productId: string }) => `Auto-delivery on: ${truncate(productId, 80)}.`;
export const stockStaleAnswer = 'This list is out of date. Send /stock for a fresh one.';

// ---- stock files ----

export const stockUploadHint = ({ productId }: { productId: string }): Html =>
  join(['To add items to ', idCode(productId), `, ${howToAdd(truncate(productId, 80))}.`]);

interface StockAddedParams {
  productId: string;
  added: number;
  skipped: number;
  inStock: number;
}
/** The same line as `npm run stock -- add`. */
export const stockAdded = ({ productId, added, skipped, inStock }: StockAddedParams): Html =>
  join([idCode(productId), `: ${added} added, ${skipped} skipped as duplicates, ${inStock} in stock now`]);

/** Like the CLI: nothing was added, and why. */
export const stockNothingChanged = ({ reason }: { reason: string }): Html => text(`Nothing changed: ${reason}`);

export const STOCK_FILE_REFUSALS = {
  noProductId: 'add the product id to the caption: /stock <productId>',
  notADocument: 'send the items as a .txt file (attached as a file, not as a photo or media) with the caption /stock <productId>',
  notText: 'only plain text files are taken (.txt, UTF-8), one key, code or account per line',
  tooLarge: ({ maxBytes }: { maxBytes: number }) =>
    `the file is larger than ${formatNumber(maxBytes / (1024 * 1024))} MB: split it into smaller files`,
  unavailable: 'the file could not be downloaded from Telegram; send it again',
} as const;
