/**
 * A stock file sent as a Telegram document: checked before anything is downloaded (a product id, a text file,
 * Telegram's announced size), downloaded within the cap, then read, parsed and added by the same rules as
 * `npm run stock -- add` (core/stock/stock-file.ts), in one transaction. The items go from the download straight into
 * the store: nothing here logs or quotes them.
 */
import type { Document } from 'grammy/types';
import { parseStockFile } from '../../core/stock/stock-file.ts';
import { parseProductId } from '../../core/stock/stock-input.ts';
import type { ProductId } from '../../seller-api/schemas.ts';
import { FileDownloadError, type FileDownloader } from './file-download.ts';
import type { StockAddResult } from '../../core/stock/stock-plan.ts';
import type { StockStore } from './stock-store.ts';
import { MAIN_STORE, qualify } from '../../core/store-ref.ts';

/** Far more than any seller's list of keys; small enough to hold in memory without a thought. */
export const STOCK_FILE_MAX_BYTES = 1024 * 1024;

export type StockUploadErrorCode =
  /** The caption is `/stock` alone. */
  | 'STOCK_NO_PRODUCT_ID'
  /** Several stores, and the caption names none (`/stock <store> <productId>`). */
  | 'STOCK_NO_STORE'
  /** A photo, a video, anything with the caption that is not a document. */
  | 'STOCK_NOT_A_DOCUMENT'
  /** Neither `.txt` nor `text/plain` (what is inside is core's to judge: stock-file.ts). */
  | 'STOCK_NOT_TEXT'
  | 'STOCK_FILE_TOO_LARGE'
  /** getFile or the download failed; sending the file again may work. */
  | 'STOCK_FILE_UNAVAILABLE';

export class StockUploadError extends Error {
  override readonly name = 'StockUploadError';
  constructor(
    readonly code: StockUploadErrorCode,
    /** What went wrong underneath (getFile's or the download's error), for the log. */
    readonly failure?: unknown,
  ) {
    super(code);
  }
}

export interface StockUploadDeps {
  stock: StockStore;
  downloader: FileDownloader;
  /** The Bot API's getFile for this document, with the files plugin's `getUrl()` (bot/parts.ts installs it). */
  getFile(fileId: string): Promise<{ file_size?: number; getUrl(): string }>;
  maxBytes: number;
  now: () => number;
  /** The store the caption named (several stores); absent: the one store. */
  store?: string | undefined;
}

export interface StockUploaded {
  productId: ProductId;
  added: StockAddResult;
  bytes: number;
}

const isTextDocument = (document: Document) =>
  document.mime_type?.toLowerCase().startsWith('text/plain') === true || /\.txt$/i.test(document.file_name ?? '');

async function download(document: Document, deps: StockUploadDeps): Promise<Uint8Array> {
  let location: string;
  try {
    const file = await deps.getFile(document.file_id);
    // Telegram's own size, checked before a byte is fetched; the download is capped all the same.
    if ((file.file_size ?? 0) > deps.maxBytes) throw new StockUploadError('STOCK_FILE_TOO_LARGE');
    // Throws when Telegram gave no file path (the file is no longer available).
    location = file.getUrl();
  } catch (error) {
    if (error instanceof StockUploadError) throw error;
    throw new StockUploadError('STOCK_FILE_UNAVAILABLE', error);
  }
  try {
    return await deps.downloader.download(location, deps.maxBytes);
  } catch (error) {
    if (error instanceof FileDownloadError && error.code === 'FILE_TOO_LARGE') throw new StockUploadError('STOCK_FILE_TOO_LARGE');
    throw new StockUploadError('STOCK_FILE_UNAVAILABLE', error);
  }
}

/**
 * Adds the items of `document` to the product named by the caption's `args`. Throws StockUploadError, or core's
 * StockInputError (bad product id, not text, no items, an item too long); either way nothing was added.
 */
export async function uploadStock(args: string, document: Document | undefined, deps: StockUploadDeps): Promise<StockUploaded> {
  if (document === undefined) throw new StockUploadError('STOCK_NOT_A_DOCUMENT');
  if (args === '') throw new StockUploadError('STOCK_NO_PRODUCT_ID');
  const productId = qualify(deps.store ?? MAIN_STORE, parseProductId(args));
  if (!isTextDocument(document)) throw new StockUploadError('STOCK_NOT_TEXT');
  if ((document.file_size ?? 0) > deps.maxBytes) throw new StockUploadError('STOCK_FILE_TOO_LARGE');
  const bytes = await download(document, deps);
  const items = parseStockFile(bytes);
  return { productId, added: deps.stock.add(productId, items, deps.now()), bytes: bytes.byteLength };
}
