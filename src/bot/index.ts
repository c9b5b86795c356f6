/**
 * The Telegram bot: one factory that builds the grammY bot, the `SyncSink` sync reports to, and the notices the app
 * raises. It reads top to bottom: the bot's own parts (parts.ts), how it talks to Telegram (transport/), the one way
 * into the seller's chat (sink/telegram-queue.ts), the automation that speaks by itself (automation/), the features
 * in their order (features.ts), and the lifecycle (lifecycle.ts).
 */
import { AUTO_TEMPLATES } from '../core/template.ts';
import { cardAuditLines } from './audit/card-lines.ts';
import { auditedSink } from './audit/recording.ts';
import { announceAutoAnswers } from './automation/auto-answers.ts';
import { dailySummaryIfSet } from './automation/daily-summary.ts';
import { createReminders } from './automation/reminders.ts';
import type { BridgeBot, BridgeBotDeps } from './bridge-bot.ts';
import { createOrderCards } from './cards/order-cards.ts';
import { describeError } from './errors.ts';
import { registerFeatures } from './features.ts';
import { createLifecycle } from './lifecycle.ts';
import { createBotParts, type BotParts } from './parts.ts';
import type { TelegramQueue } from './sink/telegram-queue.ts';
import { createTelegramQueue } from './sink/telegram-queue.ts';
import { createFileDownloader } from './stock/file-download.ts';
import { salesChartPhoto } from './stats/sales-chart.ts';
import { createSalesChartRenderer, type SalesChartRenderer } from '../sales/chart-render.ts';
import { chatMoved } from './texts/chat-migration.ts';
import { createOrderTopics } from './topics/order-topics.ts';
import { createTransport, type Transport } from './transport/index.ts';
import { createStepSweeper, type StepSweeper } from './upkeep/expired-steps.ts';
import { createHousekeeping, DEFAULT_HOUSEKEEPING } from './upkeep/housekeeping.ts';
import { storeOfId } from '../core/store-ref.ts';

export function createBridgeBot(deps: BridgeBotDeps): BridgeBot {
  const parts = createBotParts(deps);
  const { bot, binding, logger, secrets, now, tr } = parts;
  // Built before the queue it announces through: the transformers go on the bot's Api first.
  let queue: TelegramQueue | undefined;
  const transport = createTransport({
    bot,
    binding,
    options: { ...deps, pollingTimeoutSeconds: parts.pollingTimeoutSeconds },
    announceMove: async (move) => queue?.postNotice(chatMoved(tr, move)),
    now,
    logger,
    secrets,
  });
  const stepSweeper = createStepSweeper({
    api: bot.api,
    steps: parts.deliverSteps,
    intervalMs: deps.deliverStepSweepMs ?? 10_000,
    tr,
    now,
    logger,
    secrets,
  });
  // Drawn in this process, in a worker started on the first chart (sales/chart-render.ts).
  const salesChart = deps.salesChart ?? createSalesChartRenderer();
  const chat = createChatOutput(parts, transport, salesChart, stepSweeper);
  queue = chat.queue;
  const automation = createAutomation(parts, chat.queue);
  registerFeatures(bot, {
    ...parts,
    transport,
    cards: chat.cards,
    topics: chat.topics,
    stepSweeper,
    kv: deps.kv,
    downloader: createFileDownloader(),
    stock: deps.stock,
    templates: deps.templates,
    audit: deps.audit,
    stats: deps.stats,
    reminderStore: deps.reminders?.store,
    autoreply: deps.autoreply,
    listProducts: deps.listProducts,
    orderExport: deps.orderExport,
    salesChart,
    makeEncryptedBackup: deps.makeEncryptedBackup,
    conversationTimeoutMs: deps.conversationTimeoutMs ?? 15 * 60_000,
  });
  // One bad update never stops the bot. grammY's HttpError carries the URL, and the URL the token: redacted.
  bot.catch((error) => {
    logger.error({ err: describeError(error.error, secrets), updateId: error.ctx.update.update_id }, 'update handling failed');
  });

  const housekeeping = createHousekeeping({
    ...parts,
    cards: chat.cards,
    options: { ...DEFAULT_HOUSEKEEPING, ...deps.housekeeping },
  });
  const lifecycle = createLifecycle({
    ...parts,
    topics: chat.topics,
    polling: transport.polling,
    // Started in this order after polling runs, and stopped in the same order before it stops.
    services: [housekeeping, stepSweeper, ...automation.services, chat.queue],
  });

  return {
    bot,
    sink: automation.sink,
    postNotice: chat.queue.postNotice,
    queue: chat.queue,
    tr,
    polling: () => transport.polling.state(),
    remindNow: automation.remindNow,
    async chatRefusal() {
      const chatId = await binding.chatId();
      return chatId === undefined ? undefined : transport.reachability.refusal(chatId);
    },
    start: lifecycle.start,
    stop: lifecycle.stop,
  };
}

/** The one way into the seller's chat: cards, the forum topics they open, and the Telegram queue that sends both. */
function createChatOutput(parts: BotParts, transport: Transport, salesChart: SalesChartRenderer, steps: StepSweeper) {
  const { deps, bot, codec, tr, now, logger, secrets, engine } = parts;
  const { stats } = deps;
  const cards = createOrderCards({
    api: bot.api,
    store: deps.cardStore,
    codec,
    tr,
    now,
    stockOf: (orderId) => engine().orderStock(orderId),
    ...(deps.audit ? { auditOf: cardAuditLines(deps.audit, tr) } : {}),
  });
  // The topics' one notice (the "Manage topics" right is missing) goes through the queue built right after.
  let queue: TelegramQueue | undefined;
  const topics = createOrderTopics({
    api: bot.api,
    settings: deps.topics,
    kv: deps.kv,
    announce: async (notice) => queue?.postNotice(notice),
    tr,
    logger,
    secrets,
    now,
  });
  queue = createTelegramQueue({
    api: bot.api,
    store: deps.telegramQueue,
    binding: parts.binding,
    cards,
    codec,
    topics,
    kv: deps.kv,
    engine,
    progress: parts.progressLines,
    orderShown: steps.orderShown,
    tr,
    ...(deps.drainer === undefined ? {} : { options: deps.drainer }),
    chartPhoto: async (chartTr, at, days) => stats && salesChartPhoto({ stats, render: salesChart, logger }, chartTr, at, days),
    relayedRef: deps.autoreply?.relayedRef,
    now,
    logger,
    secrets,
  });
  // The chat answers again: what was held goes out now, not at the end of its backoff.
  transport.reachability.onReachable(() => queue?.retryNow());
  return { cards, topics, queue };
}

/** What speaks by itself: reminders and auto-cancel, the daily summary; and the sink sync reports to. */
function createAutomation(parts: BotParts, queue: TelegramQueue) {
  const { deps, engine, tr, now, logger, secrets } = parts;
  const { templates } = deps;
  const reminders =
    deps.reminders &&
    createReminders({
      engine,
      settings: deps.reminders,
      notice: queue.notice,
      sorryExists: async () => (await templates?.get(AUTO_TEMPLATES.sorry)) !== undefined,
      now,
      logger,
      secrets,
      tr,
      routeOf: (orderId) => parts.binding.routeOf(storeOfId(orderId)),
    });
  const summary = dailySummaryIfSet({
    at: deps.dailySummaryAt,
    timeZone: deps.timeZone ?? 'UTC',
    tr,
    stats: deps.stats,
    ledger: deps.summaryLedger,
    notice: queue.notice,
    checkEveryMs: deps.dailySummaryCheckMs,
    withChart: true,
    now,
    logger,
  });
  // Reminders learn from the relayed messages which buyers wait for an answer, and where each went out; automatic
  // answers are said under the buyer's message; the audit records every event.
  const observed = announceAutoAnswers(reminders?.observe(queue.sink) ?? queue.sink, {
    ...{ notice: queue.notice, settings: deps.autoreply, engine, tr, logger },
  });
  if (reminders) queue.onRelayed((relayed) => reminders.relayedAs(relayed));
  return {
    sink: parts.recording ? auditedSink(observed, parts.recording) : observed,
    services: [...(summary ? [summary] : []), ...(reminders ? [reminders] : [])],
    remindNow: async () => reminders?.runOnce(),
  };
}

export type { BridgeBot, BridgeBotDeps } from './bridge-bot.ts';
export { ALERTS } from './texts/alerts.ts';
export type { ReminderSettings } from './automation/reminders.ts';
export { BridgeBotError } from './errors.ts';
