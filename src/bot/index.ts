/**
 * The Telegram bot: one factory that builds the grammY bot, the `SyncSink` sync reports to, and the notices the app
 * raises. It reads top to bottom: the bot's own parts, how it talks to Telegram (transport/), the one way into the
 * seller's chat (sink/telegram-queue.ts), the automation that speaks by itself (automation/), the features in their
 * order (features.ts), and the lifecycle (lifecycle.ts).
 */
import { Bot } from 'grammy';
import { AUTO_TEMPLATES } from '../core/template.ts';
import type { SyncForBot } from '../sync/contract.ts';
import { cardAuditLines } from './audit/card-lines.ts';
import { auditedEngine, auditedSink, stepRecorder } from './audit/recording.ts';
import { dailySummaryIfSet } from './automation/daily-summary.ts';
import { createReminders } from './automation/reminders.ts';
import type { BridgeBot, BridgeBotDeps } from './bridge-bot.ts';
import { createOrderActionCodec } from './callback-data/order-action.ts';
import { createOrderCards } from './cards/order-cards.ts';
import type { BotContext } from './context.ts';
import { describeError } from './errors.ts';
import { registerFeatures } from './features.ts';
import { createBotI18n } from './i18n.ts';
import { createLifecycle } from './lifecycle.ts';
import { createTelegramQueue } from './sink/telegram-queue.ts';
import { createFileDownloader } from './stock/file-download.ts';
import { createCancelQuestions } from './storage/cancel-questions.ts';
import { createChatBinding } from './storage/chat-binding.ts';
import { createDeliverSteps } from './storage/deliver-steps.ts';
import { chatMoved } from './texts/chat-migration.ts';
import { createOrderTopics } from './topics/order-topics.ts';
import { createTransport } from './transport/index.ts';
import { createStepSweeper } from './upkeep/expired-steps.ts';
import { createHousekeeping, DEFAULT_HOUSEKEEPING } from './upkeep/housekeeping.ts';

export function createBridgeBot(deps: BridgeBotDeps): BridgeBot {
  const logger = deps.logger.child({ component: 'bot' });
  const secrets = [deps.token];
  const now = deps.now ?? Date.now;
  const givenEngine = typeof deps.engine === 'function' ? deps.engine : constant(deps.engine);
  const recording = deps.audit && { audit: deps.audit, logger, now };
  // Features queue through this one: what a person queues is recorded with their name (audit/recording.ts).
  const engine = recording ? auditedEngine(givenEngine, recording) : givenEngine;
  // Steps outside the outbox (templates, /autocancel, stock, refusals) are recorded by the features themselves.
  const recordStep = recording && stepRecorder(recording);

  // The bot's own parts.
  const pollingTimeoutSeconds = deps.pollingTimeoutSeconds ?? 30;
  const bot = new Bot<BotContext>(deps.token, {
    client: {
      ...(deps.apiRoot === undefined ? {} : { apiRoot: deps.apiRoot }),
      // grammY waits 500 s by default: a hanging Telegram would hold sync's hand-off that long.
      timeoutSeconds: pollingTimeoutSeconds + 30,
    },
  });
  const i18n = createBotI18n({ chatLanguage: deps.language, timeZone: deps.timeZone, languages: deps.userLanguages });
  const tr = i18n.chat;
  const binding = createChatBinding({ chatId: deps.chatId, adminIds: deps.adminIds, staffIds: deps.staffIds ?? [], kv: deps.kv });
  const codec = createOrderActionCodec(deps.kv, now);
  const cancelQuestions = createCancelQuestions(deps.kv);
  const deliverSteps = createDeliverSteps(deps.kv);

  // How it talks to Telegram.
  const transport = createTransport({
    bot,
    binding,
    options: { ...deps, pollingTimeoutSeconds },
    announceMove: (move) => queue.postNotice(chatMoved(tr, move)),
    now,
    logger,
    secrets,
  });

  // The one way into the seller's chat.
  const cards = createOrderCards({
    api: bot.api,
    store: deps.cardStore,
    codec,
    tr,
    now,
    stockOf: (orderId) => engine().orderStock(orderId),
    ...(deps.audit ? { auditOf: cardAuditLines(deps.audit, tr) } : {}),
  });
  const topics = createOrderTopics({
    api: bot.api,
    settings: deps.topics,
    kv: deps.kv,
    announce: (notice) => queue.postNotice(notice),
    tr,
    logger,
    secrets,
    now,
  });
  const queue = createTelegramQueue({
    api: bot.api,
    store: deps.telegramQueue,
    binding,
    cards,
    codec,
    topics,
    kv: deps.kv,
    engine,
    tr,
    ...(deps.drainer === undefined ? {} : { options: deps.drainer }),
    now,
    logger,
    secrets,
  });
  // The chat answers again: what was held goes out now, not at the end of its backoff.
  transport.reachability.onReachable(() => queue.retryNow());

  // What speaks by itself.
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
    });
  const summary = dailySummaryIfSet({
    at: deps.dailySummaryAt,
    timeZone: deps.timeZone ?? 'UTC',
    tr,
    stats: deps.stats,
    ledger: deps.summaryLedger,
    notice: queue.notice,
    checkEveryMs: deps.dailySummaryCheckMs,
    now,
    logger,
  });
  // Reminders learn from the relayed messages which buyers wait for an answer; the audit records every event.
  const observed = reminders?.observe(queue.sink) ?? queue.sink;
  const sink = recording ? auditedSink(observed, recording) : observed;

  // The features, in order.
  const stepSweeper = createStepSweeper({
    api: bot.api,
    steps: deliverSteps,
    intervalMs: deps.deliverStepSweepMs ?? 10_000,
    tr,
    now,
    logger,
    secrets,
  });
  registerFeatures(bot, {
    transport,
    i18n,
    binding,
    engine,
    codec,
    kv: deps.kv,
    cards,
    topics,
    cancelQuestions,
    deliverSteps,
    stepSweeper,
    downloader: createFileDownloader({ token: deps.token, apiRoot: deps.apiRoot }),
    stock: deps.stock,
    templates,
    audit: deps.audit,
    stats: deps.stats,
    reminderStore: deps.reminders?.store,
    listProducts: deps.listProducts,
    recordStep,
    conversationTimeoutMs: deps.conversationTimeoutMs ?? 15 * 60_000,
    now,
    logger,
    secrets,
  });

  // One bad update never stops the bot. grammY's HttpError carries the URL, and the URL the token: redacted.
  bot.catch((error) => {
    logger.error({ err: describeError(error.error, secrets), updateId: error.ctx.update.update_id }, 'update handling failed');
  });

  const housekeeping = createHousekeeping({
    cards,
    codec,
    cancelQuestions,
    deliverSteps,
    engine,
    options: { ...DEFAULT_HOUSEKEEPING, ...deps.housekeeping },
    now,
    logger,
    secrets,
  });
  const lifecycle = createLifecycle({
    bot,
    i18n,
    binding,
    topics,
    polling: transport.polling,
    // Started in this order after polling runs, stopped in reverse.
    services: [housekeeping, stepSweeper, ...(summary ? [summary] : []), ...(reminders ? [reminders] : []), queue],
    logger,
    secrets,
  });

  return {
    bot,
    sink,
    postNotice: queue.postNotice,
    queue,
    tr,
    polling: () => transport.polling.state(),
    remindNow: async () => reminders?.runOnce(),
    async chatRefusal() {
      const chatId = await binding.chatId();
      return chatId === undefined ? undefined : transport.reachability.refusal(chatId);
    },
    start: lifecycle.start,
    stop: lifecycle.stop,
  };
}

const constant = (value: SyncForBot) => () => value;

export type { BridgeBot, BridgeBotDeps } from './bridge-bot.ts';
export { ALERTS } from './texts/alerts.ts';
export type { ReminderSettings } from './automation/reminders.ts';
export { BridgeBotError } from './errors.ts';
