/**
 * The Telegram bot: one factory that builds the grammY bot, the `SyncSink` sync reports to, and a notice poster.
 *
 * Updates are handled concurrently (grammY runner, transport/polling.ts): a reply waiting a minute in the pacing
 * queue must not hold up every later tap. Middleware order matters:
 * - first the in-flight tracking (graceful stop) and the callback answer deadline (every button answered at once);
 * - /start and /help are open to everyone; access control comes next, so nothing behind it ever sees a
 *   stranger's update;
 * - then the sender becomes the actor of whatever the update queues (audit/recording.ts), and staff's Cancel taps
 *   are refused right before the order buttons (middlewares/staff-limits.ts);
 * - stock (/stock, its buttons, stock files) and Take and Cancel are handled right there, concurrently: they never
 *   touch a conversation, and the order buttons answer data they do not know as stale;
 * - everything else is handled in order per chat and user (`sequentialize` with the conversations' storage key):
 *   the conversations plugin reads its state before the handlers and writes it after, so two updates of one
 *   admin at once would lose one's step. Conversations come before the handlers so a waiting step gets its
 *   update first and passes on what is not for it.
 */
import { conversations, createConversation } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { Bot, type Middleware } from 'grammy';
import type { OrderId } from '../seller-api/schemas.ts';
import type { SyncForBot } from '../sync/contract.ts';
import { createOrderActionCodec } from './callback-data/order-action.ts';
import { createStockActionCodec } from './callback-data/stock-action.ts';
import { createOrderCards } from './cards/order-cards.ts';
import type { BotContext, ConversationContext } from './context.ts';
import { createDeliverConversation, DELIVER_CONVERSATION } from './conversations/deliver.ts';
import { createReplyConversation, REPLY_CONVERSATION } from './conversations/reply.ts';
import { conversationKey, conversationStorage } from './conversations/storage.ts';
import { describeError } from './errors.ts';
import { autocancelFeature } from './features/autocancel.ts';
import { buyerRepliesFeature } from './features/buyer-replies.ts';
import { commandsFeature } from './features/commands.ts';
import { editedRepliesFeature } from './features/edited-replies.ts';
import { fallbackFeature } from './features/fallback.ts';
import { stockFeature } from './features/stock.ts';
import { deliverButtons, orderActionButtons } from './features/order-buttons.ts';
import { stockReplaceButtons } from './features/stock-replace.ts';
import { quickReplyButtons } from './features/quick-reply.ts';
import { templatesFeature } from './features/templates.ts';
import { topicRepliesFeature } from './features/topic-replies.ts';
import { welcomeFeature } from './features/welcome.ts';
import { createOrderTopics } from './topics/order-topics.ts';
import { accessControl } from './middlewares/access-control.ts';
import { staffLimits } from './middlewares/staff-limits.ts';
import { actorScope, auditedEngine, auditedSink, stepRecorder } from './audit/recording.ts';
import { cardAuditLines } from './audit/card-lines.ts';
import { orderHistory } from './audit/order-history.ts';
import { statsFeature } from './features/stats.ts';
import { exportFeature } from './features/export.ts';
import { chartPoster } from './stats/sales-chart.ts';
import { createSalesChartRenderer } from '../sales/chart-render.ts';
import { dailySummaryIfSet } from './upkeep/daily-summary.ts';
import { createCallbackAnswerDeadline } from './middlewares/callback-answer-deadline.ts';
import { createApiTransformers, DEFAULT_PACING, DEFAULT_RETRY } from './transport/api-transformers.ts';
import { createCancelQuestions } from './storage/cancel-questions.ts';
import { createChatBinding } from './storage/chat-binding.ts';
import { createDeliverSteps } from './storage/deliver-steps.ts';
import { createEditOffers } from './storage/edit-offers.ts';
import { createNoticePoster, DEFAULT_HELD_NOTICE_BACKOFF, DEFAULT_NOTICE_RETRY_DELAYS_MS, type PostNotice } from './sink/notices.ts';
import { createChatMigration } from './transport/chat-migration.ts';
import { createChatReachability } from './transport/chat-reachability.ts';
import { createPolling } from './transport/polling.ts';
import { createFileDownloader } from './stock/file-download.ts';
import { createTelegramSink } from './sink/telegram-sink.ts';
import { createTelegramQueue } from './sink/telegram-queue.ts';
import { chatMoved } from './texts/chat-migration.ts';
import { commandList } from './texts/commands.ts';
import type { Translator } from './texts/translator.ts';
import { createBotI18n } from './i18n.ts';
import { languageFeature } from './features/language.ts';
import { createStepSweeper } from './upkeep/expired-steps.ts';
import { createHousekeeping, DEFAULT_HOUSEKEEPING } from './upkeep/housekeeping.ts';
import { createReminders } from './upkeep/reminders.ts';

import type { BridgeBot, BridgeBotDeps } from './bridge-bot.ts';

export function createBridgeBot(deps: BridgeBotDeps): BridgeBot {
  const logger = deps.logger.child({ component: 'bot' });
  const secrets = [deps.token];
  const now = deps.now ?? Date.now;
  const timeZone = deps.timeZone ?? 'UTC';
  const syncEngine =
    typeof deps.engine === 'function'
      ? deps.engine
      : (
          (value: SyncForBot) => () =>
            value
        )(deps.engine);
  const recording = deps.audit && { audit: deps.audit, logger, now };
  // Features queue through this one: what a person queues is recorded with their name (audit/recording.ts).
  const engine = recording ? auditedEngine(syncEngine, recording) : syncEngine;
  // Steps outside the outbox (templates, /autocancel, stock, refusals) are recorded by the features themselves.
  const recordStep = recording && stepRecorder(recording);

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
  const answerDeadline = createCallbackAnswerDeadline({ deadlineMs: deps.callbackAnswerDeadlineMs ?? 1000, logger, secrets });
  const chatMigration = createChatMigration({
    binding,
    async announce(move) {
      await bot.api.sendMessage(move.to, chatMoved(tr, move).html, { parse_mode: 'HTML' }).catch((error: unknown) => {
        logger.warn({ err: describeError(error, secrets) }, 'the new chat id was not announced in the chat');
      });
    },
    logger,
    now,
  });
  const reachability = createChatReachability(now);
  const transformers = [
    ...createApiTransformers({ ...DEFAULT_PACING, ...deps.pacing }, { ...DEFAULT_RETRY, ...deps.retry }),
    answerDeadline.transformer,
    // It sees each call's final answer, after auto-retry.
    reachability.transformer,
    // Outermost: a send moved to the new chat id goes through pacing, retries and reachability again.
    chatMigration.transformer,
  ];
  bot.api.config.use(...transformers);

  // Aborted on stop: notices waiting for another try give up.
  let lifetime = new AbortController();
  const codec = createOrderActionCodec(deps.kv, now);
  const cards = createOrderCards({
    api: bot.api,
    store: deps.cardStore,
    codec,
    tr,
    now,
    stockOf: (orderId) => engine().orderStock(orderId),
    ...(deps.audit ? { auditOf: cardAuditLines(deps.audit, tr) } : {}),
  });
  const cancelQuestions = createCancelQuestions(deps.kv);
  const deliverSteps = createDeliverSteps(deps.kv);
  const stepSweeper = createStepSweeper({
    api: bot.api,
    steps: deliverSteps,
    intervalMs: deps.deliverStepSweepMs ?? 10_000,
    tr,
    now,
    logger,
    secrets,
  });
  const announce = (notice: Parameters<PostNotice>[0]) => notices.post(notice);
  const topics = createOrderTopics({ api: bot.api, settings: deps.topics, kv: deps.kv, announce, tr, logger, secrets, now });
  const direct = createTelegramSink({ api: bot.api, binding, cards, engine, kv: deps.kv, topics, tr, logger, secrets });
  const queue =
    deps.telegramQueue &&
    createTelegramQueue({
      store: deps.telegramQueue,
      direct,
      binding,
      engine,
      tr,
      ...(deps.drainer === undefined ? {} : { options: deps.drainer }),
      onFailure: () => topics.recheck(),
      now,
      logger,
      secrets,
    });
  const telegramSink = queue?.sink ?? direct.sink;
  const notices = createNoticePoster({
    api: bot.api,
    binding,
    kv: deps.kv,
    tr,
    retryDelaysMs: deps.noticeRetryDelaysMs ?? DEFAULT_NOTICE_RETRY_DELAYS_MS,
    heldBackoff: { ...DEFAULT_HELD_NOTICE_BACKOFF, ...deps.heldNoticeBackoff },
    signal: () => lifetime.signal,
    now,
    logger,
    secrets,
  });
  const reminders =
    deps.reminders &&
    createReminders({ api: bot.api, binding, codec, engine, settings: deps.reminders, postNotice: notices.post, now, logger, secrets, tr });
  // Reminders learn from the relayed messages which buyers wait for an answer.
  const observed = reminders?.observe(telegramSink) ?? telegramSink;
  const sink = recording ? auditedSink(observed, recording) : observed;
  // The chat answers again: what was held goes out now, not at the end of its backoff.
  reachability.onReachable(() => {
    notices.retryNow();
    queue?.retryNow();
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
  const polling = createPolling({
    bot,
    // Edited messages: an edited reply is answered (features/edited-replies.ts), never forwarded silently.
    allowedUpdates: ['message', 'edited_message', 'callback_query'],
    timeoutSeconds: pollingTimeoutSeconds,
    stopGraceMs: deps.stopGraceMs ?? 10_000,
    onStopped: deps.onPollingStopped,
    logger,
    secrets,
  });

  // Conversations build their own Api objects: the same transformers go on them, or a 429 there would just fail.
  const installTransformers: Middleware<ConversationContext> = async (ctx, next) => {
    ctx.api.config.use(...transformers);
    await next();
  };
  const conversationTimeoutMs = deps.conversationTimeoutMs ?? 15 * 60_000;

  bot.use(polling.track);
  bot.use(answerDeadline.middleware);
  bot.use(chatMigration.middleware);
  // Before anything that answers: every handler speaks the sender's language (`ctx.tr`, `ctx.t`).
  bot.use(i18n.middleware);
  bot.use(welcomeFeature({ binding, logger, now }));
  bot.use(accessControl({ binding, logger }));
  bot.use(actorScope);
  // Behind access control (admins and staff): a stranger's choice would be a row in the database for nothing.
  bot.use(languageFeature({ i18n, logger, now }));
  const downloader = createFileDownloader({ token: deps.token, apiRoot: deps.apiRoot });
  bot.use(
    stockFeature({ stock: deps.stock, binding, codec: createStockActionCodec(deps.kv), downloader, logger, secrets, recordStep, now }),
  );
  bot.use(stockReplaceButtons({ engine, cards, logger }));
  // Before the order buttons, which answer any data they cannot read as stale.
  bot.use(editedRepliesFeature({ engine, offers: createEditOffers(deps.kv), logger, now }));
  bot.use(quickReplyButtons({ templates: deps.templates, engine, codec, kv: deps.kv, logger, now }));
  bot.use(staffLimits({ binding, codec, logger, audit: deps.audit, now }));
  bot.use(orderActionButtons({ engine, codec, logger, questions: cancelQuestions, now }));
  bot.use(sequentialize<BotContext>(conversationKey));
  bot.use(
    conversations<BotContext, ConversationContext>({
      storage: conversationStorage(deps.kv),
      plugins: [installTransformers, i18n.middleware],
    }),
  );
  bot.use(
    createConversation<BotContext, ConversationContext>(
      createDeliverConversation({ engine, codec, steps: deliverSteps, timeoutMs: conversationTimeoutMs, now }),
      {
        id: DELIVER_CONVERSATION,
        maxMillisecondsToWait: conversationTimeoutMs,
      },
    ),
  );
  bot.use(
    createConversation<BotContext, ConversationContext>(createReplyConversation({ engine }), {
      id: REPLY_CONVERSATION,
      maxMillisecondsToWait: conversationTimeoutMs,
    }),
  );
  bot.use(deliverButtons({ codec, steps: deliverSteps, now }));
  bot.use(templatesFeature({ templates: deps.templates, engine, binding, topics, recordStep, logger, now }));
  // Drawn in this process; loaded on the first chart only (sales/chart-render.ts).
  const salesChart = deps.salesChart ?? createSalesChartRenderer();
  bot.use(statsFeature({ stats: deps.stats, chart: salesChart, logger, now }));
  bot.use(exportFeature({ orders: deps.orderExport, binding, recordStep, logger, now }));
  const { audit } = deps;
  // In the language of whoever asks, like every answer to a command.
  const history = audit && ((askingTr: Translator, orderId: OrderId) => orderHistory(askingTr, audit, orderId));
  bot.use(commandsFeature({ engine, cards, listProducts: deps.listProducts, logger, secrets, now, ...(history ? { history } : {}) }));
  bot.use(autocancelFeature({ store: deps.reminders?.store, binding, listProducts: deps.listProducts, recordStep, logger, now }));
  // Before the replies: in a topic, a plain text names the topic's first message as the one it answers.
  bot.use(topicRepliesFeature({ engine, topics, steps: deliverSteps, logger, now }));
  bot.use(buyerRepliesFeature({ engine, logger, steps: deliverSteps, now, onExpiredStepReply: () => void stepSweeper.sweep() }));
  bot.use(fallbackFeature());

  // One bad update never stops the bot. grammY's HttpError carries the URL, and the URL the token: redacted.
  bot.catch((error) => {
    logger.error({ err: describeError(error.error, secrets), updateId: error.ctx.update.update_id }, 'update handling failed');
  });

  const summary = dailySummaryIfSet({
    at: deps.dailySummaryAt,
    timeZone,
    tr,
    stats: deps.stats,
    ledger: deps.summaryLedger,
    post: (notice) => notices.post(notice),
    checkEveryMs: deps.dailySummaryCheckMs,
    chart: { render: salesChart, post: chartPoster({ api: bot.api, chatId: () => binding.requireChatId(), logger, secrets }) },
    now,
    logger,
  });

  let started = false;

  return {
    bot,
    sink,
    postNotice: notices.post,
    queue,
    tr,
    polling: () => polling.state(),
    remindNow: async () => reminders?.runOnce(),
    async chatRefusal() {
      const chatId = await binding.chatId();
      return chatId === undefined ? undefined : reachability.refusal(chatId);
    },

    async start() {
      if (started) return;
      const move = await binding.move();
      if (move) logger.warn(move, 'TELEGRAM_CHAT_ID names a group that became a supergroup: using its new id; set TELEGRAM_CHAT_ID to it');
      // Once without a language (what Telegram shows any user whose app language has no list of its own: the chat's),
      // then once per language. Each call is best effort on its own: the bot works without any of them.
      const commandSets = [
        { tr, languageCode: undefined },
        ...i18n.languages.map((language) => ({ tr: i18n.translator(language), languageCode: language })),
      ];
      for (const { tr: words, languageCode } of commandSets) {
        try {
          await bot.api.setMyCommands(
            commandList(words),
            languageCode === undefined ? {} : ({ language_code: languageCode } as Parameters<typeof bot.api.setMyCommands>[1]),
          );
        } catch (error) {
          logger.warn({ err: describeError(error, secrets), languageCode }, 'commands not registered (the bot works without them)');
        }
      }
      await topics.check(await binding.chatId());
      await polling.start();
      started = true;
      await housekeeping.start();
      await stepSweeper.start();
      await notices.start();
      await summary?.start();
      await reminders?.start();
      queue?.start();
    },

    async stop(budget) {
      if (!started) return;
      started = false;
      housekeeping.stop();
      stepSweeper.stop();
      summary?.stop();
      reminders?.stop();
      lifetime.abort();
      lifetime = new AbortController();
      notices.stop();
      await queue?.stop(budget);
      await polling.stop(budget);
    },
  };
}

export type { BridgeBot, BridgeBotDeps } from './bridge-bot.ts';
export { ALERTS } from './texts/alerts.ts';
export type { ReminderSettings } from './upkeep/reminders.ts';
export { BridgeBotError } from './errors.ts';
