/**
 * Every text a person can see, rendered in every language (file snapshots under __snapshots__/, one per language,
 * reviewed like code), each checked as Telegram would parse it: valid HTML, and the length the bot computes is the
 * length Telegram counts. Buyer text full of markup stays text. Times in a half-hour zone and across a DST change.
 */
import { describe, expect, it } from 'vitest';
import { orderCard } from '../../src/bot/cards/render-card.ts';
import { stockSection } from '../../src/bot/stock/card-section.ts';
import { lines, type Html } from '../../src/bot/helpers/html.ts';
import { chatMessageParts } from '../../src/bot/sink/chat-message-parts.ts';
import * as actions from '../../src/bot/texts/actions.ts';
import { ALERTS } from '../../src/bot/texts/alerts.ts';
import * as backup from '../../src/bot/texts/backup.ts';
import { BUTTONS } from '../../src/bot/texts/buttons.ts';
import { CALLBACK } from '../../src/bot/texts/callbacks.ts';
import { chatMoved } from '../../src/bot/texts/chat-migration.ts';
import * as commands from '../../src/bot/texts/commands.ts';
import * as edits from '../../src/bot/texts/edited-replies.ts';
import * as exportTexts from '../../src/bot/texts/export.ts';
import * as prompts from '../../src/bot/texts/prompts.ts';
import { mediaCaptionSent, mediaNotSent } from '../../src/bot/texts/seller-media.ts';
import * as stockCard from '../../src/bot/texts/stock-card.ts';
import * as stats from '../../src/bot/texts/stats.ts';
import * as stock from '../../src/bot/texts/stock.ts';
import * as templates from '../../src/bot/texts/templates.ts';
import * as topics from '../../src/bot/texts/topics.ts';
import type { Translator } from '../../src/bot/texts/translator.ts';
import type { ActionKind } from '../../src/core/actions.ts';
import type { StockPlan } from '../../src/core/stock/stock-plan.ts';
import type { SellerApiErrorCode } from '../../src/seller-api/errors.ts';
import { MessageSchema, OrderSchema, type OrderId, type ProductId } from '../../src/seller-api/schemas.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { severalStoresIn, textsIn } from '../support/texts.ts';
import * as storesTexts from '../../src/bot/texts/stores.ts';
import { remindersAndStaff } from './texts-i18n-reminders-staff.ts';
import { autoreplyTexts } from './texts-i18n-autoreply.ts';

const ID = 'ord_000006630a3f4dad' as OrderId;
/** What a buyer or a store may send: markup and an entity that must arrive as typed. */
const NASTY = 'Key <b>Pro</b> &amp; more';
const AT = Date.parse('2026-11-22T16:01:00.000Z');
/** What a seller types in a template (core/template.ts): braces the template texts show on purpose, not Fluent's unfilled ones. */
const TEMPLATE_PLACEHOLDER = /\{(order|product|quantity|amount|field:[^{}]*)\}/g;
const ORDER = {
  id: ID,
  productTitle: NASTY,
  quantity: 2,
  amount: 1234.5,
  createdAt: '2026-11-22T16:01:00.000Z',
  fieldValues: [{ fieldId: 'email', label: 'Email <for the key>', value: 'yuki345@example.com & co' }],
};
const STATUSES = ['paid', 'processing', 'awaiting_confirmation', 'cancelled', 'completed', 'disputed'];
const CODES: SellerApiErrorCode[] = [
  'ORDER_INVALID_STATUS',
  'ORDER_NOT_FOUND',
  'VALIDATION_ERROR',
  'API_KEY_INVALID',
  'RATE_LIMIT',
  'TRANSPORT',
  'API_ERROR',
];
const KINDS: ActionKind[] = ['take', 'deliver', 'cancel', 'message'];
const PLANS: StockPlan[] = [
  { kind: 'auto', quantity: 2 },
  { kind: 'short', needed: 5, inStock: 1 },
  { kind: 'paused' },
  { kind: 'bad-quantity' },
  { kind: 'too-many', quantity: 300 },
];

/** Every text, by name: HTML as Telegram gets it, plain text as it is. */
function everything(tr: Translator): [string, Html | string][] {
  const order = (status: string, extra: Record<string, unknown> = {}) => OrderSchema.parse({ ...ORDER, status, ...extra });
  const card = (status: string, extra?: Record<string, unknown>, plan?: StockPlan, got?: Parameters<typeof stockSection>[2]['got']) => {
    const o = order(status, extra);
    const section = stockSection(tr, o, { plan, got });
    return orderCard(tr, o, { lines: section.lines, showsValue: section.showsValue });
  };
  const texts: [string, Html | string][] = [];
  for (const status of STATUSES) texts.push([`card ${status}`, card(status)]);
  texts.push(['card delivered with value', card('awaiting_confirmation', { deliveredValue: 'CODE-<1>&2', assigneeType: 'api' })]);
  texts.push(['card delivered without value', card('completed', { deliveredAt: '2026-11-22T17:00:00Z', assigneeType: 'user' })]);
  texts.push(['card product id', card('paid', { productId: 'prod_<1>' })]);
  texts.push(['card product id only', card('paid', { productTitle: undefined, productId: 'prod_<1>' })]);
  for (const plan of PLANS) texts.push([`card stock ${plan.kind}`, card('paid', {}, plan)]);
  const items = [
    { id: 1, item: 'KEY-<1>' },
    { id: 2, item: 'KEY-&2' },
  ];
  texts.push(['card stock delivered', card('awaiting_confirmation', {}, undefined, { state: 'delivered', items, replaced: 1 })]);
  texts.push(['card stock failed', card('processing', {}, undefined, { state: 'failed', items, replaced: 0 })]);
  texts.push([
    'card more fields',
    orderCard(tr, order('paid', { fieldValues: Array.from({ length: 40 }, (_, i) => ({ label: `f${i}`, value: 'x'.repeat(300) })) })),
  ]);
  for (const [name, button] of Object.entries(BUTTONS)) texts.push([`button ${name}`, button(tr, { hint: 'AB…9Z' })]);
  for (const [name, answer] of Object.entries(CALLBACK)) texts.push([`callback ${name}`, answer(tr)]);
  for (const kind of KINDS)
    for (const code of CODES) {
      texts.push([`action failed ${kind} ${code}`, actions.actionFailed(tr, { orderId: ID, kind, code })]);
      if (code === CODES[0] || code === 'RATE_LIMIT' || code === 'API_KEY_INVALID')
        texts.push([`action queued ${kind} ${code}`, actions.actionQueued(tr, { orderId: ID, kind, code })]);
    }
  texts.push(
    ['reply sent', actions.replySent(tr, { orderId: ID })],
    ['reply failed', actions.replyFailed(tr, { orderId: ID, code: 'VALIDATION_ERROR' })],
    ['reply queued', actions.replyQueued(tr, { orderId: ID, code: 'TRANSPORT' })],
  );
  texts.push(
    ['alert key', ALERTS.apiKeyRefused(tr)],
    ['alert down 1', ALERTS.storeDown(tr, 1)],
    ['alert down 5', ALERTS.storeDown(tr, 5)],
    ['alert down 2.5', ALERTS.storeDown(tr, 2.5)],
    ['alert back', ALERTS.storeBack(tr)],
    [
      'alert backup failed',
      ALERTS.backup(tr, { kind: 'failed', code: 'BACKUP_FAILED', reason: `backup of /data/bridge.sqlite failed: ${NASTY}` }),
    ],
    ['alert backup back', ALERTS.backup(tr, { kind: 'recovered' })],
  );
  for (const [orders, messages] of [
    [1, 1],
    [2, 3],
    [5, 21],
    [11, 0],
  ] as const)
    texts.push([`while away ${orders}/${messages}`, ALERTS.whileAway(tr, { orders, messages, since: AT })]);
  texts.push(['while away, in topics', ALERTS.whileAway(tr, { orders: 2, messages: 3, since: AT, inTopics: true })]);
  texts.push(
    ['held since', ALERTS.heldSince(tr, { since: AT })],
    ['plain notice', ALERTS.plain(tr, NASTY)],
    ['chat moved', chatMoved(tr, { from: -4123456789, to: -1001234567890 })],
  );
  const message = (senderRole: string, text: string) =>
    MessageSchema.parse({ id: 'm1', senderRole, text, createdAt: '2026-11-22T16:02:00Z' });
  for (const role of ['buyer', 'system', 'seller', 'robot<x>'])
    texts.push([`relayed ${role}`, chatMessageParts(tr, { id: ID, productTitle: NASTY }, message(role, NASTY))[0]!]);
  texts.push(['relayed empty', chatMessageParts(tr, { id: ID }, message('buyer', '  '))[0]!]);
  texts.push(['relayed part', chatMessageParts(tr, { id: ID }, message('buyer', `${'a'.repeat(4000)} ${'b'.repeat(500)}`))[1]!]);
  for (const [name, value] of Object.entries(prompts)) {
    if (typeof value !== 'function') continue;
    const params = {
      orderId: ID,
      amount: 1234.5,
      was: 'paid',
      now: 'cancelled',
      value: NASTY,
      length: 4001,
      limit: 4000,
      status: 'awaiting_confirmation',
    };
    texts.push([`prompt ${name}`, (value as (tr: Translator, p: typeof params) => Html | string)(tr, params)]);
  }
  texts.push(['prompt cancelQuestion no amount', prompts.cancelQuestion(tr, { orderId: ID, amount: undefined })]);
  texts.push(['prompt cancelOrderMoved unknown', prompts.cancelOrderMoved(tr, { orderId: ID, was: 'paid', now: undefined })]);
  texts.push(['prompt deliverPreview no value', prompts.deliverPreview(tr, { orderId: ID, value: undefined })]);
  texts.push(['prompt deliverRequested no value', prompts.deliverRequested(tr, { orderId: ID, value: undefined })]);
  for (const status of ['cancelled', 'robot<x>'])
    texts.push([`prompt deliverMovedOn ${status}`, prompts.deliverMovedOn(tr, { orderId: ID, status })]);
  for (const media of ['photo', 'voice', 'document'] as const)
    texts.push([`media ${media}`, mediaNotSent(tr, { media })], [`caption ${media}`, mediaCaptionSent(tr, { media })]);
  texts.push(
    ['edit offer', edits.editOffer(tr, { orderId: ID })],
    ['edit button', edits.editOfferButton(tr)],
    ['edit not forwarded', edits.editNotForwarded(tr, { reason: undefined })],
  );
  texts.push(
    ['edit sending', edits.editSending(tr, { orderId: ID })],
    ['edit answers', [edits.editSendingAnswer(tr), edits.editAlreadySent(tr), edits.editOfferExpired(tr)].join(' | ')],
  );
  texts.push(
    ['help', commands.helpText(tr)],
    ['help in a forum', commands.helpText(tr, { forum: true })],
    ['start intro', commands.startIntro(tr)],
    ['start how-to', commands.startHowTo(tr)],
    ['trial bound', commands.startTrialBound(tr)],
    ['trial unbound', commands.startTrialUnbound(tr)],
  );
  texts.push(
    ['chat configured', commands.startChatConfigured(tr, { chatId: -1001234567890 })],
    ['chat unset', commands.startChatUnset(tr, { chatId: 42 })],
    ['chat other', commands.startChatOther(tr, { chatId: 42 })],
  );
  texts.push(
    ['user unknown', commands.startUserUnknown(tr)],
    ['user admin', commands.startUserAdmin(tr, { userId: 1234567 })],
    ['user not admin', commands.startUserNotAdmin(tr, { userId: 1234567 })],
  );
  texts.push(
    ['no open orders', commands.noOpenOrders(tr, { status: undefined })],
    ['no open orders of', commands.noOpenOrders(tr, { status: 'paid' })],
    ['open orders', commands.openOrdersHeader(tr, { status: undefined, count: 3 })],
  );
  texts.push(
    [
      'order item',
      commands.orderListItem(tr, { orderId: ID, productTitle: NASTY, status: 'paid', cardUrl: 'https://t.me/c/1/2?a=1&b="2"' }),
    ],
    ['order item plain', commands.orderListItem(tr, { orderId: ID, productTitle: undefined, status: 'processing', cardUrl: undefined })],
  );
  texts.push(
    ['order footers', commands.orderListFooter(tr, { withLinks: true })],
    ['order footer', commands.orderListFooter(tr, { withLinks: false })],
    ['usages', `${commands.orderUsage(tr)} | ${commands.replyCommandUsage(tr)}`],
    ['order unknown', commands.orderUnknown(tr, { orderId: 'x<y>' })],
  );
  texts.push(
    [
      'product',
      commands.productItem(tr, { title: NASTY, productId: 'prod_<1>', price: 1234.5, inactive: true, fields: ['Email', 'Region <x>'] }),
    ],
    ['products', commands.productsHeader(tr, { count: 2 })],
    ['no products', commands.noProducts(tr)],
    ['products more', commands.productsMore(tr, { count: 4 })],
  );
  texts.push(
    ['products failed', commands.productsFailed(tr, { reason: commands.productsFailedUnasked(tr) })],
    ['products unavailable', commands.productsUnavailable(tr)],
  );
  const now = AT + 3 * 3600_000;
  texts.push(
    ['status', commands.statusRunning(tr)],
    ['status stopped', commands.statusStopped(tr)],
    ['last answer', commands.statusLastAnswer(tr, { at: now - 90_000, now })],
    ['last answer never', commands.statusLastAnswer(tr, { at: undefined, now })],
  );
  texts.push(
    ['last error', commands.statusLastError(tr, { code: 'TRANSPORT', at: now - 3 * 3600_000, now })],
    ['no error', commands.statusNoError(tr)],
    ['errors', commands.statusErrorsInARow(tr, { count: 2 })],
  );
  texts.push(
    ['counts', commands.statusOutbox(tr, { count: 1 })],
    ['open watched', commands.statusOpenOrders(tr, { count: 1200 })],
    ['chats', commands.statusChats(tr, { active: 3, quiet: 40 })],
    ['requests', commands.statusRequests(tr, { count: 5 })],
  );
  texts.push(
    ['rate limit', commands.statusRateLimit(tr, { remaining: 90, limit: 120, resetAt: AT })],
    ['rate limit bare', commands.statusRateLimit(tr, { remaining: 90, limit: undefined, resetAt: undefined })],
    ['rate unknown', commands.statusRateLimitUnknown(tr)],
  );
  texts.push(
    ['language ask', commands.languageAsk(tr)],
    ['language chosen', commands.languageChosen(tr)],
    ['language name', commands.languageName(tr)],
  );
  texts.push(
    ['stock empty', stock.stockEmpty(tr)],
    ['stock header', stock.stockHeader(tr, { products: 3 })],
    ['stock footer', stock.stockFooter(tr)],
    ['stock more', stock.stockMore(tr, { count: 2 })],
  );
  const product = {
    productId: 'prod_1' as ProductId,
    title: NASTY,
    inStock: 5,
    reserved: 1,
    held: 0,
    delivered: 21,
    bad: 0,
    nextHint: 'AB…9Z',
  };
  texts.push(
    ['stock item', stock.stockItem(tr, { ...product, paused: false })],
    ['stock item paused', stock.stockItem(tr, { ...product, paused: true, title: undefined, nextHint: undefined })],
    ['stock item held', stock.stockItem(tr, { ...product, held: 2, paused: false })],
    ['stock no stock item', stock.stockNoStockItem(tr, { productId: 'p<1>', title: NASTY })],
    [
      'stock held',
      lines([stock.stockHeldHeader(tr), stock.stockHeldItem(tr, { orderId: ID, productId: 'p<1>' as ProductId, items: 1, since: 0 })]),
    ],
    [
      'stock release buttons',
      `${stock.stockReleaseButton(tr, { orderId: ID })} | ${stock.stockReleaseConfirmButton(tr, { orderId: ID, count: 3 })} | ${stock.stockReleaseBackButton(tr)}`,
    ],
    [
      'stock release answers',
      `${stock.stockReleaseAskAnswer(tr, { orderId: ID, count: 2 })} | ${stock.stockReleasedAnswer(tr, { orderId: ID, count: 2 })} | ${stock.stockReleaseKeptAnswer(tr, { orderId: ID })}`,
    ],
  );
  texts.push(
    ['stock buttons', `${stock.stockPauseButton(tr, { product: NASTY })} | ${stock.stockResumeButton(tr, { product: 'p' })}`],
    [
      'stock answers',
      `${stock.stockPausedAnswer(tr, { productId: 'p' })} | ${stock.stockResumedAnswer(tr, { productId: 'p' })} | ${stock.stockStaleAnswer(tr)} | ${stock.stockUnavailable(tr)}`,
    ],
  );
  texts.push(
    ['stock upload hint', stock.stockUploadHint(tr, { productId: 'p<1>' })],
    ['stock added', stock.stockAdded(tr, { productId: 'p', added: 1, skipped: 2, inStock: 1000 })],
  );
  const refusalParams = { maxBytes: 2 * 1024 * 1024, code: 'STOCK_NO_ITEMS' };
  for (const [name, refusal] of Object.entries(stock.STOCK_FILE_REFUSALS))
    texts.push([`stock refusal ${name}`, stock.stockNothingChanged(tr, { reason: refusal(tr, refusalParams) })]);
  for (const code of ['STOCK_BAD_PRODUCT_ID', 'STOCK_ITEM_TOO_LONG', 'STOCK_BAD_ENCODING', 'STOCK_BINARY_FILE'])
    texts.push([`stock refusal ${code}`, stock.STOCK_FILE_REFUSALS.input(tr, { code, item: 1200, limit: 1000 })]);
  texts.push(
    ['stock alert low', stockCard.stockAlertLow(tr, { productId: 'p', title: NASTY, inStock: 2 })],
    ['stock alert empty', stockCard.stockAlertEmpty(tr, { productId: 'p', title: undefined })],
  );
  texts.push(
    ['replace ask', stockCard.replaceAsk(tr, { hint: 'AB…9Z' })],
    ['item hint', stockCard.itemHint(tr, { number: 2, hint: 'AB…9Z' })],
    [
      'replace answers',
      [stockCard.replaceDone(tr), stockCard.replaceEmpty(tr), stockCard.replaceNotThisOrder(tr), stockCard.replaceKept(tr)].join(' | '),
    ],
    ['replacement', stockCard.replacementForBuyer(tr, { item: 'KEY-3' })],
  );
  texts.push(
    ['topic name', topics.topicName(tr, { status: 'paid', orderId: ID, productTitle: NASTY })],
    ['topic line', topics.newOrderInTopic(tr, { orderId: ID, productTitle: NASTY, url: 'https://t.me/c/1/2' })],
  );
  texts.push(['topic during deliver', topics.topicTextDuringDeliver(tr)], ['topics right', topics.topicsRightMissing(tr)]);
  texts.push(...remindersAndStaff(tr, { orderId: ID, nasty: NASTY, at: AT }));
  texts.push(...autoreplyTexts(tr, { nasty: NASTY, at: AT }));
  for (const { command, description } of commands.commandList(tr)) texts.push([`command ${command}`, description]);
  texts.push(...templateTexts(tr), ...statsTexts(tr));
  return texts;
}

/** /template, /templates, /t and the Quick reply menu: names, bodies and labels as a seller or a store may write them. */
function templateTexts(tr: Translator): [string, Html | string][] {
  const { QUICK_REPLY_BUTTONS: buttons } = templates;
  const texts: [string, Html | string][] = [
    ['quick reply buttons', [buttons.open(tr), buttons.close(tr), buttons.template(tr, { name: 'thanks' })].join(' | ')],
    ['template usage', templates.templateUsage(tr)],
    ['template usages', [templates.untemplateUsage(tr), templates.useTemplateUsage(tr), templates.templatesUnavailable(tr)].join(' | ')],
  ];
  for (const reason of ['empty', 'too-long', 'bad-characters'] as const)
    texts.push([`template name ${reason}`, templates.templateNameRefused(tr, { reason })]);
  texts.push(
    ['template text empty', templates.templateTextRefused(tr, { ok: false, reason: 'empty' })],
    ['template text too long', templates.templateTextRefused(tr, { ok: false, reason: 'too-long', length: 4001, limit: 4000 })],
    ['template placeholder', templates.templateTextRefused(tr, { ok: false, reason: 'unknown-placeholder', placeholder: '<b>x</b>&' })],
  );
  texts.push(
    ['template saved', templates.templateSaved(tr, { name: 'thanks', replaced: false })],
    ['template replaced', templates.templateSaved(tr, { name: 'thanks', replaced: true })],
    ['template deleted', templates.templateDeleted(tr, { name: 'thanks' })],
    ['template unknown', templates.templateUnknown(tr, { name: 'x<y>&z' })],
  );
  texts.push(
    ['template shown', templates.templateShown(tr, { name: 'thanks', body: `Thanks for {order}!\n${NASTY} <i>x</i>` })],
    ['no templates', templates.noTemplates(tr)],
    ['templates header', templates.templatesHeader(tr, { count: 3 })],
    ['template item', templates.templateListItem(tr, { name: 'thanks', body: `Thanks\n\n${NASTY}` })],
    ['templates footer', templates.templatesFooter(tr)],
  );
  texts.push(
    ['rendered too long', templates.renderedTooLong(tr, { name: 'long', length: 4023, limit: 4000 })],
    ['rendered too long 1', templates.renderedTooLong(tr, { name: 'long', length: 21, limit: 1 })],
    ['rendered empty', templates.renderedEmpty(tr, { name: 'thanks' })],
    ['missing fields', templates.missingFieldsNote(tr, { labels: ['Region', 'Email <for the key> & co'] })],
  );
  const answers = [
    templates.quickMenuNoTemplates(tr),
    templates.quickMenuOpened(tr),
    templates.quickMenuClosed(tr),
    templates.quickMenuStale(tr),
    templates.quickTemplateQueued(tr, { name: 'thanks' }),
  ];
  texts.push(['quick answers', answers.join(' | ')]);
  for (const reason of ['gone', 'empty', 'too-long'] as const)
    texts.push([`quick refused ${reason}`, templates.quickTemplateRefused(tr, { name: 'thanks', reason })]);
  texts.push(['quick missing fields', templates.quickMissingFields(tr, { orderId: ID, name: 'thanks', labels: ['Region <x>'] })]);
  texts.push(
    ['backup unavailable', backup.backupUnavailable(tr)],
    ['backup caption', backup.backupCaption(tr, { at: AT, filename: 'bridge-2026-11-22T16-01-00Z.sqlite.age' })],
    ['backup sent privately', backup.backupSentPrivately(tr)],
    ['backup no private chat', backup.backupNoPrivateChat(tr, { bot: 'store_bridge_bot' })],
    ['backup failed', backup.backupFailed(tr, { reason: NASTY })],
    ['backup not sent', backup.backupNotSent(tr, { reason: 'Bad Request: file is too big' })],
    ['backup too big', backup.backupTooBig(tr, { megabytes: 51, limit: 50 })],
  );
  return texts;
}

/** /stats, its chart, the daily summary and /export; figures with plural forms (1, 2, 5, 21) and an amount with a fraction. */
function statsTexts(tr: Translator): [string, Html | string][] {
  const durations = [undefined, 45_000, 12 * 60_000, 185 * 60_000, 52 * 3600_000].map((ms) => stats.formatDuration(tr, ms));
  const figures = (n: number, revenue: number) => ({
    newOrders: n,
    taken: n,
    delivered: n,
    deliveredByHand: 1,
    deliveredByBot: n - 1,
    cancelled: 0,
    revenue,
    medianTake: stats.formatDuration(tr, 12 * 60_000),
    medianAnswer: stats.formatDuration(tr, undefined),
  });
  const today = stats.statsBlock(tr, { title: stats.statsToday(tr, { day: tr.format.day(AT) }), figures: figures(1, 19.99) });
  const week = stats.statsBlock(tr, {
    title: stats.statsLastDays(tr, { days: 7, from: tr.format.day(AT - 6 * 86_400_000), to: tr.format.day(AT) }),
    figures: figures(21, 12345.5),
  });
  const report = stats.statsReport({ today, week, footer: stats.statsFooter(tr, { at: AT }) });
  return [
    ['durations', durations.join(' | ')],
    ['stats report', report],
    ['daily summary', stats.dailySummary({ title: stats.dailySummaryTitle(tr, { day: tr.format.day(AT) }), report })],
    ['stats unavailable', stats.statsUnavailable(tr)],
    ['stats usage', stats.statsUsage(tr)],
    ['stats one day', stats.statsReport({ today, week: undefined, footer: stats.statsFooter(tr, { at: AT }) })],
    ...[1, 2, 21, 90].map((days): [string, Html] => [
      `stats last ${days} days`,
      stats.statsLastDays(tr, { days, from: tr.format.day(AT - (days - 1) * 86_400_000), to: tr.format.day(AT) }),
    ]),
    ...[1, 3, 30].map((days): [string, string] => {
      const { title, orders, revenue } = stats.statsChartLabels(tr, { days });
      return [`stats chart ${days} days`, [title, orders, revenue].join(' | ')];
    }),
    // The stores beyond the chart's colours: 2 with nine stores, and more.
    ...[2, 3, 5, 13, 21].map((count): [string, string] => [
      `stats chart ${count} more stores`,
      stats.statsChartLabels(tr, { days: 7 }).otherStores(count),
    ]),
    ...[1, 2, 5, 21].map((orders): [string, Html] => [
      `stats chart caption ${orders}`,
      stats.statsChartCaption(tr, { from: tr.format.day(AT - 6 * 86_400_000), to: tr.format.day(AT), orders, revenue: 12345.5 }),
    ]),
    ['export usage', exportTexts.exportUsage(tr)],
    ...[1, 2, 5, 21].map((count): [string, Html] => [
      `export caption ${count}`,
      exportTexts.exportCaption(tr, { count, from: tr.format.day(AT - 29 * 86_400_000), to: tr.format.day(AT) }),
    ]),
    ...[1, 2, 30].map((days): [string, string] => [`export empty ${days}`, exportTexts.exportEmpty(tr, { days })]),
    ['export unavailable', exportTexts.exportUnavailable(tr)],
    ['export failed', exportTexts.exportFailed(tr, { code: 'EXPORT_READ_FAILED' })],
  ];
}

/** What several stores add: the store named on cards, relayed messages and lists, and the commands' answers. */
function severalStores(tr: Translator): [string, Html | string][] {
  const inStore = `subs/${ID}` as OrderId;
  const o = OrderSchema.parse({ ...ORDER, id: inStore, status: 'paid' });
  const buyerSays = (text: string) => MessageSchema.parse({ id: 'm1', senderRole: 'buyer', text, createdAt: '2026-11-22T16:02:00Z' });
  return [
    ['stores card', orderCard(tr, o)],
    ['stores relayed', chatMessageParts(tr, { id: inStore, productTitle: 'Key' }, buyerSays('hi'))[0]!],
    ['stores topic name', topics.topicName(tr, { status: '🟡', orderId: inStore, productTitle: 'Key' })],
    ['stores stats line', storesTexts.storeStatsLine(tr, { store: 'Подписки <VIP>', newOrders: 3, delivered: 2, revenue: 1234.5 })],
    ['stores unknown', storesTexts.unknownStore(tr, 'toys')],
    ['stores which order', storesTexts.whichOrder(tr, 'ord_1', ['keys/ord_1', 'subs/ord_1'])],
    ['stores autocancel name store', storesTexts.autocancelNameStore(tr)],
    ['stores stock no store', stock.STOCK_FILE_REFUSALS.noStore(tr)],
    ['stores alert', ALERTS.apiKeyRefused(tr, 'Подписки <VIP>')],
  ];
}

const document = (texts: [string, Html | string][]) =>
  texts
    .map(([name, value]) => `--- ${name}${typeof value === 'string' ? ' (plain)' : ''}\n${typeof value === 'string' ? value : value.html}`)
    .join('\n');

describe.each(['en', 'ru'])('every text in %s', (language) => {
  const tr = textsIn(language);
  const texts = [...everything(tr), ...severalStores(severalStoresIn(language))];

  it('is valid Telegram HTML of the length the bot computes, with buyer text kept as text', () => {
    for (const [name, value] of texts) {
      if (typeof value === 'string') {
        expect({ name, missing: value.includes('{') }).toEqual({ name, missing: false });
        continue;
      }
      const parsed = parseTelegramHtml(value.html);
      expect({ name, length: value.length }).toEqual({ name, length: parsed.text.length });
      expect({ name, missing: /\{[a-z$-]/.test(parsed.text.replace(TEMPLATE_PLACEHOLDER, '')) }).toEqual({ name, missing: false });
    }
    const [, card] = texts.find(([name]) => name === 'card paid')!;
    expect((card as Html).html).toContain('Key &lt;b&gt;Pro&lt;/b&gt; &amp;amp; more');
    expect(parseTelegramHtml((card as Html).html).text).toContain(NASTY);
  });

  it('matches the reviewed snapshot', async () => {
    await expect(document(texts)).toMatchFileSnapshot(`__snapshots__/texts.${language}.txt`);
  });
});
