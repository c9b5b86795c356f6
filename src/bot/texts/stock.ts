/** `/stock`: the stock list, its Pause/Resume and Release buttons, and the answers to a stock file sent with `/stock <productId>`. */
import type { HeldOrder, ProductStock } from '../../core/stock/stock-plan.ts';
import { truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import type { Translator } from './translator.ts';

export const stockUnavailable = (tr: Translator) => tr.text('stock-unavailable');

/** `<productId>`, escaped where it goes into HTML. */
const anyProduct = (tr: Translator) => tr.text('stock-product-id-placeholder');

export const stockEmpty = (tr: Translator): Html => tr.html('stock-empty', { productId: anyProduct(tr) });

export const stockHeader = (tr: Translator, { products }: { products: number }): Html => tr.html('stock-header', { products });

const productTitle = (tr: Translator, title: string | undefined) =>
  title ? tr.html('stock-item-title', { title: truncate(title, 60) }) : '';

export const stockItem = (
  tr: Translator,
  { productId, title, inStock, reserved, held, delivered, bad, paused, nextHint }: ProductStock,
): Html =>
  tr.html('stock-item', {
    productId: idCode(productId),
    title: productTitle(tr, title),
    inStock,
    reserved,
    held: held > 0 ? tr.html('stock-item-held', { held }) : '',
    delivered,
    bad,
    next: nextHint ? tr.html('stock-item-next', { hint: nextHint }) : '',
    paused: paused ? 'yes' : 'no',
  });

/** A product the store lists with no stock yet: its id, to copy into a stock file's caption. */
export const stockNoStockItem = (tr: Translator, { productId, title }: { productId: string; title: string | undefined }): Html =>
  tr.html('stock-no-stock-item', { productId: idCode(productId), title: productTitle(tr, title) });

export const stockHeldHeader = (tr: Translator): Html => tr.html('stock-held-header');
export const stockHeldItem = (tr: Translator, { orderId, productId, items }: HeldOrder): Html =>
  tr.html('stock-held-item', { orderId: idCode(orderId), productId: idCode(productId), items });

export const stockMore = (tr: Translator, { count }: { count: number }): Html => tr.html('stock-more', { count });

export const stockFooter = (tr: Translator): Html => tr.html('stock-footer', { productId: anyProduct(tr) });

export const stockPauseButton = (tr: Translator, { product }: { product: string }) =>
  tr.text('stock-pause-button', { product: truncate(product, 30) });
export const stockResumeButton = (tr: Translator, { product }: { product: string }) =>
  tr.text('stock-resume-button', { product: truncate(product, 30) });

export const stockReleaseButton = (tr: Translator, { orderId }: { orderId: string }) =>
  tr.text('stock-release-button', { orderId: truncate(orderId, 30) });
export const stockReleaseConfirmButton = (tr: Translator, { orderId, count }: { orderId: string; count: number }) =>
  tr.text('stock-release-confirm-button', { orderId: truncate(orderId, 30), count });
export const stockReleaseBackButton = (tr: Translator) => tr.text('stock-release-back-button');

// ---- button answers (at most 200 characters) ----

export const stockPausedAnswer = (tr: Translator, { productId }: { productId: string }) =>
  tr.text('stock-paused-answer', { productId: truncate(productId, 80) });
export const stockResumedAnswer = (tr: Translator, { productId }: { productId: string }) =>
  tr.text('stock-resumed-answer', { productId: truncate(productId, 80) });
export const stockStaleAnswer = (tr: Translator) => tr.text('stock-stale-answer');
export const stockReleaseAskAnswer = (tr: Translator, { orderId, count }: { orderId: string; count: number }) =>
  tr.text('stock-release-ask-answer', { orderId: truncate(orderId, 60), count });
export const stockReleasedAnswer = (tr: Translator, { orderId, count }: { orderId: string; count: number }) =>
  tr.text('stock-released-answer', { orderId: truncate(orderId, 80), count });
export const stockReleaseKeptAnswer = (tr: Translator, { orderId }: { orderId: string }) =>
  tr.text('stock-release-kept-answer', { orderId: truncate(orderId, 80) });

// ---- stock files ----

export const stockUploadHint = (tr: Translator, { productId }: { productId: string }): Html =>
  tr.html('stock-upload-hint', { productIdCode: idCode(productId), productId: truncate(productId, 80) });

interface StockAddedParams {
  productId: string;
  added: number;
  skipped: number;
  inStock: number;
}
/** The same line as `npm run stock -- add`. */
export const stockAdded = (tr: Translator, { productId, added, skipped, inStock }: StockAddedParams): Html =>
  tr.html('stock-added', { productId: idCode(productId), added, skipped, inStock });

/** Like the CLI: nothing was added, and why (a refusal below, in the same language). */
export const stockNothingChanged = (tr: Translator, { reason }: { reason: string }): Html => tr.html('stock-nothing-changed', { reason });

export const STOCK_FILE_REFUSALS = {
  noProductId: (tr: Translator) => tr.text('stock-file-refusals-no-product-id'),
  noStore: (tr: Translator) => tr.text('stock-file-refusals-no-store', { names: tr.stores.stores.map((store) => store.name).join(', ') }),
  notADocument: (tr: Translator) => tr.text('stock-file-refusals-not-a-document'),
  notText: (tr: Translator) => tr.text('stock-file-refusals-not-text'),
  tooLarge: (tr: Translator, { maxBytes }: { maxBytes: number }) =>
    tr.text('stock-file-refusals-too-large', { megabytes: tr.format.number(maxBytes / (1024 * 1024)) }),
  unavailable: (tr: Translator) => tr.text('stock-file-refusals-unavailable'),
  /** What core's input check refused (StockInputError): a select on its code. */
  input: (tr: Translator, { code, item = 0, limit = 0 }: { code: string; item?: number; limit?: number }) =>
    tr.text('stock-file-refusals-input', { code, item, limit }),
} as const;
