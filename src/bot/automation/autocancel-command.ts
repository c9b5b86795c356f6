/**
 * `/autocancel`: per product, cancel (and refund) paid orders nobody took within a time. Off for every product until
 * an admin turns it on; listing and changing are admin-only (middlewares/admin-only.ts), since a rule moves money.
 * The cancels themselves are made by the reminders' pass (reminders.ts), through the outbox.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import { isSellerApiError } from '../../seller-api/errors.ts';
import type { Product, ProductId } from '../../seller-api/schemas.ts';
import type { RecordStep } from '../audit/recording.ts';
import type { BotContext } from '../context.ts';
import { join, lines, type Html } from '../helpers/html.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import {
  autocancelBadMinutes,
  autocancelListHeader,
  autocancelListItem,
  autocancelNone,
  autocancelOff,
  autocancelSet,
  autocancelUnavailable,
  autocancelUnknownProduct,
  autocancelUsage,
} from '../texts/reminders.ts';
import type { Translator } from '../texts/translator.ts';
import type { ReminderStore } from './reminder-store.ts';
import { autocancelNameStore, storeTag, unknownStore } from '../texts/stores.ts';
import { storeArgument } from '../helpers/store-argument.ts';
import { MAIN_STORE, qualify, storeOfId } from '../../core/store-ref.ts';

/** At most a week, like the other minute settings; decimals allowed (tests use seconds). */
const MAX_MINUTES = 10_080;
const MINUTES = /^(\d+(\.\d*)?|\.\d+)$/;

/** `off`, or 0 minutes (as for every other minute setting, and a word the Russian help need not name in English). */
const turnsOff = (value: string): boolean => value.toLowerCase() === 'off' || (MINUTES.test(value) && Number(value) === 0);

/** The step an /autocancel command asks for, as the audit names it: `off` (or 0) ends a rule, anything else sets one. */
function stepOf(match: unknown): string {
  const args =
    typeof match === 'string'
      ? match
          .trim()
          .split(/\s+/)
          .filter((arg) => arg !== '')
      : [];
  if (args.length === 0) return 'autocancel-list';
  return args[1] !== undefined && turnsOff(args[1]) ? 'autocancel-off' : 'autocancel-set';
}

const html = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };

export function autocancelFeature(deps: {
  store: ReminderStore | undefined;
  binding: ChatBinding;
  /** To check a product id before a rule is set (one store request); without it, or when the store fails, it is not checked. */
  listProducts: ((store?: string) => Promise<Product[]>) | undefined;
  /** Records rules set and ended (and staff's refused attempts) in the audit trail; absent: nothing is recorded. */
  recordStep?: RecordStep | undefined;
  logger: Logger;
  now: () => number;
}) {
  const composer = new Composer<BotContext>();
  const record: RecordStep = deps.recordStep ?? (() => undefined);
  const admins = adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step: (ctx) => stepOf(ctx.match) });

  const list = async (tr: Translator, store: ReminderStore): Promise<Html> => {
    const rules = await store.rules();
    if (rules.length === 0) return autocancelNone(tr);
    // Several stores: each rule says whose product it is.
    const items = rules.map((rule) => {
      const item = autocancelListItem(tr, { productId: rule.productId, minutesSet: rule.minutes });
      const tag = storeTag(tr, rule.productId);
      return tag === undefined ? item : join([item, tag]);
    });
    return join([autocancelListHeader(tr, { products: rules.length }), lines(items)], '\n\n');
  };

  /** Whether the store knows the product: a typo would set a rule that never acts while the seller counts on it. */
  const productKnown = async (productId: string): Promise<boolean | undefined> => {
    if (deps.listProducts === undefined) return undefined;
    try {
      return (await deps.listProducts(storeOfId(productId))).some((product) => product.id === productId);
    } catch (error) {
      deps.logger.warn({ err: isSellerApiError(error) ? error.code : 'UNKNOWN', productId }, 'product id of /autocancel not checked');
      return undefined;
    }
  };

  composer.command('autocancel', admins, async (ctx) => {
    const { store } = deps;
    if (store === undefined) return void (await ctx.reply(autocancelUnavailable(ctx.tr)));
    const asked = storeArgument(ctx.tr.stores, ctx.match);
    if ('unknown' in asked) return void (await ctx.reply(unknownStore(ctx.tr, asked.unknown)));
    const args = asked.rest
      .trim()
      .split(/\s+/)
      .filter((arg) => arg !== '');
    if (args.length === 0) return void (await ctx.reply((await list(ctx.tr, store)).html, html));
    const [productArg, value] = args;
    if (args.length !== 2 || productArg === undefined || value === undefined)
      return void (await ctx.reply(autocancelUsage(ctx.tr).html, html));
    const productId = qualify(asked.store?.name ?? MAIN_STORE, productArg as ProductId);
    if (ctx.tr.stores.several && ctx.tr.stores.storeOf(productId) === undefined) return void (await ctx.reply(autocancelNameStore(ctx.tr)));
    if (turnsOff(value)) {
      const wasOn = await store.removeRule(productId);
      record(ctx, 'autocancel-off', 'ok');
      deps.logger.info({ productId, userId: ctx.from?.id, wasOn }, 'auto-cancel turned off');
      return void (await ctx.reply(autocancelOff(ctx.tr, { productId, wasOn }).html, html));
    }
    const minutes = MINUTES.test(value) ? Number(value) : Number.NaN;
    if (!(minutes > 0 && minutes <= MAX_MINUTES)) {
      record(ctx, 'autocancel-set', 'failed', 'BAD_MINUTES');
      return void (await ctx.reply(autocancelBadMinutes(ctx.tr, { max: MAX_MINUTES }).html, html));
    }
    const known = await productKnown(productId);
    if (known === false) {
      record(ctx, 'autocancel-set', 'failed', 'UNKNOWN_PRODUCT');
      return void (await ctx.reply(autocancelUnknownProduct(ctx.tr, { productId }).html, html));
    }
    await store.setRule(productId, minutes, ctx.from?.id, deps.now());
    record(ctx, 'autocancel-set', 'ok');
    deps.logger.info({ productId, minutes, userId: ctx.from?.id, checked: known === true }, 'auto-cancel turned on');
    await ctx.reply(autocancelSet(ctx.tr, { productId, minutesSet: minutes, unchecked: known === undefined }).html, html);
  });

  return composer;
}
