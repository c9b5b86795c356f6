/**
 * `/stock` for admins: the stock list with Pause/Resume buttons, and Release for the items an order holds after a
 * refused delivery (asked, then confirmed; a tap edits the list in place); and stock files: a `.txt` document with the
 * caption `/stock <productId>` adds its items like `npm run stock -- add`. Items never reach a log line or an answer:
 * only counts, codes and the masked hint the store gives.
 */
import { Composer, type Filter } from 'grammy';
import type { Logger } from 'pino';
import { StockInputError } from '../../core/stock/stock-input.ts';
import type { HeldOrder } from '../../core/stock/stock-plan.ts';
import type { RecordStep } from '../audit/recording.ts';
import { STOCK_CALLBACK_DATA, type StockActionCodec } from './stock-action-data.ts';
import type { BotContext } from '../context.ts';
import { describeError } from '../errors.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { captionCommand } from '../helpers/caption-command.ts';
import { storeArgument } from '../helpers/store-argument.ts';
import { isNotModified } from '../helpers/telegram-errors.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import type { FileDownloader } from './file-download.ts';
import type { Translator } from '../texts/translator.ts';
import type { OrderId, Product, ProductId } from '../../seller-api/schemas.ts';
import { renderStockList } from './stock-list.ts';
import type { StockStore } from './stock-store.ts';
import { STOCK_FILE_MAX_BYTES, StockUploadError, uploadStock, type StockUploadErrorCode } from './upload.ts';
import {
  STOCK_FILE_REFUSALS,
  stockAdded,
  stockNothingChanged,
  stockPausedAnswer,
  stockReleaseAskAnswer,
  stockReleasedAnswer,
  stockReleaseKeptAnswer,
  stockResumedAnswer,
  stockStaleAnswer,
  stockUnavailable,
  stockUploadHint,
} from '../texts/stock.ts';

export interface StockFeatureDeps {
  /** Without it (a setup without the database's stock) `/stock` says it is unavailable(ctx.tr). */
  stock: StockStore | undefined;
  binding: ChatBinding;
  codec: StockActionCodec;
  downloader: FileDownloader;
  logger: Logger;
  secrets: readonly string[];
  /** Records pauses, resumes and files added (and staff's refused attempts); absent: nothing is recorded. */
  recordStep?: RecordStep | undefined;
  now: () => number;
  /** The store's products, so the list also names those with no stock yet; absent or failing: only stocked ones. */
  listProducts?: ((store?: string) => Promise<Product[]>) | undefined;
}

const html = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };

/** Why a file was refused, in the seller's words and language (core's own wording is the CLI's, in English). */
function refusalReason(tr: Translator, error: StockUploadError | StockInputError, maxBytes: number): string {
  if (error instanceof StockInputError) return STOCK_FILE_REFUSALS.input(tr, { code: error.code, ...error.details });
  const reasons: Record<StockUploadErrorCode, string> = {
    STOCK_NO_PRODUCT_ID: STOCK_FILE_REFUSALS.noProductId(tr),
    STOCK_NO_STORE: STOCK_FILE_REFUSALS.noStore(tr),
    STOCK_NOT_A_DOCUMENT: STOCK_FILE_REFUSALS.notADocument(tr),
    STOCK_NOT_TEXT: STOCK_FILE_REFUSALS.notText(tr),
    STOCK_FILE_TOO_LARGE: STOCK_FILE_REFUSALS.tooLarge(tr, { maxBytes }),
    STOCK_FILE_UNAVAILABLE: STOCK_FILE_REFUSALS.unavailable(tr),
  };
  return reasons[error.code];
}

export function stockFeature(deps: StockFeatureDeps) {
  const composer = new Composer<BotContext>();
  const record: RecordStep = deps.recordStep ?? (() => undefined);
  const guard = (step: (ctx: BotContext) => string | Promise<string>) =>
    adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step });
  const { stock } = deps;
  /** A button's verb names the refused step; data it cannot read is still a stock switch. */
  const switchStep = async (ctx: BotContext) => {
    const action = ctx.callbackQuery?.data === undefined ? undefined : await deps.codec.decode(ctx.callbackQuery.data);
    return action ? `stock-${action.verb}` : 'stock-switch';
  };

  /** The store's products; none when the store cannot be asked now (the list then shows what the database knows). */
  const storeProducts = async (): Promise<Product[]> => {
    try {
      return (await deps.listProducts?.()) ?? [];
    } catch (error) {
      deps.logger.warn({ err: describeError(error, deps.secrets) }, '/stock: the store products could not be read');
      return [];
    }
  };

  const listMessage = async (tr: Translator, store: StockStore, confirming?: OrderId) => {
    const listed = await storeProducts();
    const titles = new Map(listed.map((product) => [product.id, product.title]));
    // A title from an order sync saw, else the store's own.
    const products = store.summary().map((line) => ({ ...line, title: line.title ?? titles.get(line.productId) }));
    const stocked = new Set<string>(products.map((line) => line.productId));
    const unstocked = listed
      .filter((product) => !stocked.has(product.id))
      .map((product) => ({ productId: product.id as ProductId, title: product.title }));
    const view = { products, unstocked, held: store.heldOrders(), confirming };
    const { text, keyboard } = await renderStockList(tr, view, deps.codec);
    return { text: text.html, options: { ...html, ...(keyboard ? { reply_markup: keyboard } : {}) } };
  };
  /** The list edited in place after a tap (unchanged is fine: a double tap). */
  const editList = async (ctx: BotContext, store: StockStore, confirming?: OrderId) => {
    const { text, options } = await listMessage(ctx.tr, store, confirming);
    try {
      await ctx.editMessageText(text, options);
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  };

  composer.command(
    'stock',
    guard(() => 'stock-list'),
    async (ctx) => {
      if (!stock) return void (await ctx.reply(stockUnavailable(ctx.tr)));
      const productId = ctx.match.trim();
      // `/stock <id>` typed as text: the items must come as a file.
      if (productId !== '') return void (await ctx.reply(stockUploadHint(ctx.tr, { productId }).html, html));
      const { text, options } = await listMessage(ctx.tr, stock);
      await ctx.reply(text, options);
    },
  );

  const addFile = async (ctx: Filter<BotContext, 'message:caption'>, store: StockStore, args: string) => {
    const replyTo = { reply_parameters: { message_id: ctx.msg.message_id, allow_sending_without_reply: true } };
    // bot/parts.ts installs the files plugin on the bot's Api: the file comes with its `getUrl()`.
    const getFile = async (fileId: string) =>
      (await ctx.api.getFile(fileId)) as Awaited<ReturnType<typeof ctx.api.getFile>> & { getUrl(): string };
    const target = storeArgument(ctx.tr.stores, args);
    const uploadDeps = {
      stock: store,
      downloader: deps.downloader,
      getFile,
      maxBytes: STOCK_FILE_MAX_BYTES,
      now: deps.now,
      store: 'store' in target ? target.store?.name : undefined,
    };
    try {
      if ('unknown' in target) throw new StockUploadError('STOCK_NO_STORE');
      // With several stores the caption names one: `/stock <store> <productId>`.
      if (ctx.tr.stores.several && target.store === undefined && args.trim() !== '' && !ctx.tr.stores.storeOf(args.trim()))
        throw new StockUploadError('STOCK_NO_STORE');
      const { productId, added, bytes } = await uploadStock(target.rest, ctx.msg.document, uploadDeps);
      deps.logger.info({ productId, ...added, bytes, userId: ctx.from?.id }, 'stock file added');
      // Counts and product ids live in the log; the audit keeps that a file was added, never its items.
      record(ctx, 'stock-add', 'ok');
      await ctx.reply(stockAdded(ctx.tr, { productId, ...added }).html, { ...html, ...replyTo });
    } catch (error) {
      if (!(error instanceof StockUploadError || error instanceof StockInputError)) throw error;
      const failure =
        error instanceof StockUploadError && error.failure !== undefined ? describeError(error.failure, deps.secrets) : undefined;
      deps.logger.info({ code: error.code, failure, userId: ctx.from?.id }, 'stock file refused');
      record(ctx, 'stock-add', 'failed', error.code);
      await ctx.reply(stockNothingChanged(ctx.tr, { reason: refusalReason(ctx.tr, error, STOCK_FILE_MAX_BYTES) }).html, {
        ...html,
        ...replyTo,
      });
    }
  };

  composer.on('message:caption').filter(
    (ctx) => captionCommand(ctx.msg, 'stock', ctx.me.username) !== undefined,
    guard(() => 'stock-add'),
    async (ctx) => {
      if (!stock) return void (await ctx.reply(stockUnavailable(ctx.tr)));
      await addFile(ctx, stock, captionCommand(ctx.msg, 'stock', ctx.me.username) ?? '');
    },
  );

  composer.callbackQuery(STOCK_CALLBACK_DATA, guard(switchStep), async (ctx) => {
    const action = await deps.codec.decode(ctx.callbackQuery.data);
    const stale = async () => {
      record(ctx, action ? `stock-${action.verb}` : 'stock-switch', 'failed', 'STALE');
      await answerCallback(ctx, stockStaleAnswer(ctx.tr));
    };
    if (!stock || !action) return stale();
    if ('orderId' in action) {
      const held = stock.heldOrders().find((order) => order.orderId === action.orderId);
      if (!held) return stale();
      return releaseTap(ctx, stock, action.verb, held);
    }
    if (!stock.summary().some((line) => line.productId === action.productId)) return stale();
    const { verb, productId } = action;
    stock.setPaused(productId, verb === 'pause', deps.now());
    record(ctx, verb === 'pause' ? 'stock-pause' : 'stock-resume', 'ok');
    deps.logger.info({ productId, paused: verb === 'pause', userId: ctx.from?.id }, 'stock auto-delivery switched from Telegram');
    await answerCallback(ctx, verb === 'pause' ? stockPausedAnswer(ctx.tr, { productId }) : stockResumedAnswer(ctx.tr, { productId }));
    await editList(ctx, stock);
  });

  /** Release asks first (keys a buyer may have seen must not be sold again by one stray tap), then acts on Confirm. */
  async function releaseTap(ctx: BotContext, store: StockStore, verb: 'release' | 'releaseConfirm' | 'releaseBack', held: HeldOrder) {
    const { orderId } = held;
    if (verb === 'release') {
      await answerCallback(ctx, stockReleaseAskAnswer(ctx.tr, { orderId, count: held.items }));
      return editList(ctx, store, orderId);
    }
    if (verb === 'releaseBack') {
      await answerCallback(ctx, stockReleaseKeptAnswer(ctx.tr, { orderId }));
      return editList(ctx, store);
    }
    const result = store.releaseHeld(orderId, deps.now());
    record(ctx, 'stock-release', result.ok ? 'ok' : 'failed', result.ok ? undefined : result.reason);
    deps.logger.info({ orderId, ok: result.ok, userId: ctx.from?.id }, 'held stock items released from Telegram');
    await answerCallback(ctx, result.ok ? stockReleasedAnswer(ctx.tr, { orderId, count: result.released }) : stockStaleAnswer(ctx.tr));
    return editList(ctx, store);
  }

  return composer;
}
