/**
 * The bot's features in the order they see an update. Updates are handled concurrently (grammY runner,
 * transport/polling.ts); the order is what makes that safe, each with its reason.
 */
import { conversations, createConversation } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import type { Bot } from 'grammy';
import type { Logger } from 'pino';
import type { AuditStore, StatsStore } from '../core/audit.ts';
import type { OrderExportStore } from '../core/sales.ts';
import type { SalesChartRenderer } from '../sales/chart-render.ts';
import type { Product } from '../seller-api/schemas.ts';
import type { OrderId } from '../seller-api/schemas.ts';
import type { SyncForBot } from '../sync/contract.ts';
import { orderHistory } from './audit/order-history.ts';
import { actorScope, type RecordStep } from './audit/recording.ts';
import { autocancelFeature } from './automation/autocancel-command.ts';
import type { AutoReplySettings } from './automation/autoreply-store.ts';
import { autoreplyFeature } from './features/autoreply.ts';
import { awayFeature } from './features/away.ts';
import type { ReminderStore } from './automation/reminder-store.ts';
import type { OrderActionCodec } from './callback-data/order-action.ts';
import type { OrderCards } from './cards/order-cards.ts';
import type { BotContext, ConversationContext } from './context.ts';
import { createDeliverConversation, DELIVER_CONVERSATION } from './conversations/deliver.ts';
import { createReplyConversation, REPLY_CONVERSATION } from './conversations/reply.ts';
import { conversationKey, conversationStorage } from './conversations/storage.ts';
import { backupFeature, type MakeEncryptedBackup } from './features/backup.ts';
import { buyerRepliesFeature } from './features/buyer-replies.ts';
import { commandsFeature } from './features/commands.ts';
import { editedRepliesFeature } from './features/edited-replies.ts';
import { exportFeature } from './features/export.ts';
import { fallbackFeature } from './features/fallback.ts';
import { languageFeature } from './features/language.ts';
import { deliverButtons, orderActionButtons } from './features/order-buttons.ts';
import { quickReplyButtons } from './features/quick-reply.ts';
import { statsFeature } from './features/stats.ts';
import { templatesFeature } from './features/templates.ts';
import { topicRepliesFeature } from './features/topic-replies.ts';
import { welcomeFeature } from './features/welcome.ts';
import type { BotI18n } from './i18n.ts';
import { accessControl } from './middlewares/access-control.ts';
import { staffLimits } from './middlewares/staff-limits.ts';
import type { FileDownloader } from './stock/file-download.ts';
import { stockReplaceButtons } from './stock/replace-buttons.ts';
import { createStockActionCodec } from './stock/stock-action-data.ts';
import { stockFeature } from './stock/stock-feature.ts';
import type { StockStore } from './stock/stock-store.ts';
import type { CancelQuestions } from './storage/cancel-questions.ts';
import type { ChatBinding } from './storage/chat-binding.ts';
import type { DeliverSteps } from './storage/deliver-steps.ts';
import type { ProgressLines } from './sink/progress-lines.ts';
import { createEditOffers } from './storage/edit-offers.ts';
import type { BotKeyValueStore } from './storage/kv.ts';
import type { TemplateStore } from './templates/template-store.ts';
import type { Translator } from './texts/translator.ts';
import type { OrderTopics } from './topics/order-topics.ts';
import type { Transport } from './transport/index.ts';
import type { StepSweeper } from './upkeep/expired-steps.ts';

export interface FeatureDeps {
  transport: Transport;
  i18n: BotI18n;
  binding: ChatBinding;
  /** Sync as the features see it: what a person queues is recorded with their name. */
  engine: () => SyncForBot;
  codec: OrderActionCodec;
  kv: BotKeyValueStore;
  cards: OrderCards;
  topics: OrderTopics;
  cancelQuestions: CancelQuestions;
  deliverSteps: DeliverSteps;
  progressLines: ProgressLines;
  stepSweeper: StepSweeper;
  downloader: FileDownloader;
  stock: StockStore | undefined;
  templates: TemplateStore | undefined;
  audit: AuditStore | undefined;
  stats: StatsStore | undefined;
  reminderStore: ReminderStore | undefined;
  autoreply: AutoReplySettings | undefined;
  listProducts: ((store?: string) => Promise<Product[]>) | undefined;
  makeEncryptedBackup: MakeEncryptedBackup | undefined;
  orderExport: OrderExportStore | undefined;
  salesChart: SalesChartRenderer;
  recordStep: RecordStep | undefined;
  conversationTimeoutMs: number;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}

export function registerFeatures(bot: Bot<BotContext>, deps: FeatureDeps): void {
  const { transport, binding, engine, codec, kv, cards, topics, deliverSteps: steps, logger, secrets, now, recordStep } = deps;

  // First: updates in flight are tracked for a graceful stop, and every button is answered within its deadline.
  bot.use(transport.polling.track);
  bot.use(transport.answerDeadline.middleware);
  // Before access control: the service messages of a group upgrade come from whoever upgraded it.
  bot.use(transport.chatMigration.middleware);
  // Before anything that answers: every handler speaks the sender's language (`ctx.tr`, `ctx.t`).
  bot.use(deps.i18n.middleware);
  // /start and /help are open to everyone: a new seller learns the chat id there.
  const ordersInTopics = async () => {
    const chatId = await binding.chatId();
    return chatId !== undefined && topics.isForum(chatId);
  };
  bot.use(welcomeFeature({ binding, ordersInTopics, logger, now }));
  // Nothing after this ever sees a stranger's update.
  bot.use(accessControl({ binding, logger }));
  // The sender becomes the actor of whatever the update queues (audit/recording.ts).
  bot.use(actorScope);
  // Behind access control: a stranger's choice would be a row in the database for nothing.
  bot.use(languageFeature({ i18n: deps.i18n, logger, now }));
  // Stock, Replace, edited replies, Quick reply, Take and Cancel run concurrently: they never touch a conversation.
  bot.use(
    stockFeature({
      stock: deps.stock,
      binding,
      codec: createStockActionCodec(kv),
      downloader: deps.downloader,
      logger,
      secrets,
      recordStep,
      now,
      listProducts: deps.listProducts,
    }),
  );
  bot.use(stockReplaceButtons({ engine, cards, binding, recordStep, logger, tr: deps.i18n.chat }));
  // Before the order buttons, which answer any data they cannot read as stale.
  bot.use(editedRepliesFeature({ engine, offers: createEditOffers(kv), logger, now }));
  bot.use(quickReplyButtons({ templates: deps.templates, engine, codec, kv, logger, now }));
  // Right before the order buttons: staff's Cancel taps are refused there.
  bot.use(staffLimits({ binding, codec, logger, audit: deps.audit, now }));
  bot.use(orderActionButtons({ engine, codec, logger, questions: deps.cancelQuestions, progress: deps.progressLines, now }));
  useConversations(bot, deps);
  bot.use(deliverButtons({ codec, steps, now }));
  const autoreply = deps.autoreply;
  bot.use(templatesFeature({ templates: deps.templates, engine, binding, topics, autoreply: autoreply?.store, recordStep, logger, now }));
  bot.use(statsFeature({ stats: deps.stats, chart: deps.salesChart, logger, now }));
  bot.use(exportFeature({ orders: deps.orderExport, binding, recordStep, logger, now }));
  const { audit } = deps;
  // In the language of whoever asks, like every answer to a command.
  const history = audit && ((askingTr: Translator, orderId: OrderId) => orderHistory(askingTr, audit, orderId));
  bot.use(commandsFeature({ engine, cards, listProducts: deps.listProducts, logger, secrets, now, ...(history ? { history } : {}) }));
  bot.use(autocancelFeature({ store: deps.reminderStore, binding, listProducts: deps.listProducts, recordStep, logger, now }));
  bot.use(autoreplyFeature({ store: autoreply?.store, templates: deps.templates, binding, recordStep, logger, now }));
  bot.use(awayFeature({ autoreply, templates: deps.templates, binding, recordStep, logger, now }));
  bot.use(backupFeature({ makeEncryptedBackup: deps.makeEncryptedBackup, binding, recordStep, logger, secrets, now }));
  // Before the replies: in a topic, a plain text names the topic's first message as the one it answers.
  bot.use(topicRepliesFeature({ engine, topics, steps, logger, now }));
  bot.use(buyerRepliesFeature({ engine, logger, steps, now, onExpiredStepReply: () => void deps.stepSweeper.sweep() }));
  // Last: what nobody handled gets a hint in a private chat, silence in a group, a stale answer for a button.
  bot.use(fallbackFeature());
}

/** The Deliver and Reply conversations, one update at a time per chat and user. */
function useConversations(bot: Bot<BotContext>, deps: FeatureDeps): void {
  const { engine, codec, kv, transport, now } = deps;
  const steps = deps.deliverSteps;
  const timeoutMs = deps.conversationTimeoutMs;
  // From here on, one update at a time per chat and user: the conversations plugin reads its state before the
  // handlers and writes it after, so two updates of one admin at once would lose one's step.
  bot.use(sequentialize<BotContext>(conversationKey));
  bot.use(
    conversations<BotContext, ConversationContext>({
      storage: conversationStorage(kv),
      plugins: [transport.onConversations, deps.i18n.middleware],
    }),
  );
  // Conversations before the handlers: a waiting step gets its update first and passes on what is not for it.
  bot.use(
    createConversation<BotContext, ConversationContext>(
      createDeliverConversation({ engine, codec, steps, progress: deps.progressLines, timeoutMs, now }),
      {
        id: DELIVER_CONVERSATION,
        maxMillisecondsToWait: timeoutMs,
      },
    ),
  );
  bot.use(
    createConversation<BotContext, ConversationContext>(createReplyConversation({ engine }), {
      id: REPLY_CONVERSATION,
      maxMillisecondsToWait: timeoutMs,
    }),
  );
}
