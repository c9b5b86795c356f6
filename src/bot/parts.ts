/**
 * The bot's own parts, made once from its dependencies: the grammY bot, its languages, the chat binding, callback
 * data, conversation steps kept in the key-value store, and sync as the features see it (every action a person queues
 * recorded with their name).
 */
import { hydrateFiles } from '@grammyjs/files';
import { Bot } from 'grammy';
import type { Logger } from 'pino';
import type { SyncForBot } from '../sync/contract.ts';
import { auditedEngine, stepRecorder, type RecordStep, type RecordingDeps } from './audit/recording.ts';
import type { BridgeBotDeps } from './bridge-bot.ts';
import { createOrderActionCodec, type OrderActionCodec } from './callback-data/order-action.ts';
import type { BotContext } from './context.ts';
import { createBotI18n, type BotI18n } from './i18n.ts';
import { createCancelQuestions, type CancelQuestions } from './storage/cancel-questions.ts';
import { createChatBinding, type ChatBinding } from './storage/chat-binding.ts';
import { createDeliverSteps, type DeliverSteps } from './storage/deliver-steps.ts';
import { createProgressLineRecords, type ProgressLineRecords } from './storage/progress-lines.ts';
import { createProgressLines, type ProgressLines } from './sink/progress-lines.ts';
import type { Translator } from './texts/translator.ts';

export interface BotParts {
  deps: BridgeBotDeps;
  bot: Bot<BotContext>;
  pollingTimeoutSeconds: number;
  i18n: BotI18n;
  /** The chat's language (BOT_LANGUAGE) and zone: what the bot says for everyone in the chat. */
  tr: Translator;
  binding: ChatBinding;
  codec: OrderActionCodec;
  cancelQuestions: CancelQuestions;
  deliverSteps: DeliverSteps;
  progressLineRecords: ProgressLineRecords;
  /** The "⏳ Delivering…" lines of seller actions, and what they become when the action settles. */
  progressLines: ProgressLines;
  /** Sync as the features see it: what a person queues is recorded with their name (audit/recording.ts). */
  engine: () => SyncForBot;
  /** The audit trail's recording, when there is an audit store. */
  recording: RecordingDeps | undefined;
  /** Steps outside the outbox (templates, /autocancel, stock, refusals), recorded by the features themselves. */
  recordStep: RecordStep | undefined;
  now: () => number;
  logger: Logger;
  /** What no log line or error may contain. */
  secrets: readonly string[];
}

export function createBotParts(deps: BridgeBotDeps): BotParts {
  const logger = deps.logger.child({ component: 'bot' });
  const now = deps.now ?? Date.now;
  const given = typeof deps.engine === 'function' ? deps.engine : constant(deps.engine);
  const recording = deps.audit && { audit: deps.audit, logger, now };
  const pollingTimeoutSeconds = deps.pollingTimeoutSeconds ?? 30;
  const bot = new Bot<BotContext>(deps.token, {
    client: {
      ...(deps.apiRoot === undefined ? {} : { apiRoot: deps.apiRoot }),
      // grammY waits 500 s by default: a hanging Telegram would hold sync's hand-off that long.
      timeoutSeconds: pollingTimeoutSeconds + 30,
    },
  });
  // File objects from getFile come with getUrl() (grammY's files plugin): stock files are read from there.
  bot.api.config.use(hydrateFiles(deps.token, deps.apiRoot === undefined ? {} : { apiRoot: deps.apiRoot }));
  const i18n = createBotI18n({
    chatLanguage: deps.language,
    timeZone: deps.timeZone,
    languages: deps.userLanguages,
    ...(deps.stores ? { stores: deps.stores } : {}),
  });
  const secrets = [deps.token];
  const progressLineRecords = createProgressLineRecords(deps.kv);
  return {
    deps,
    bot,
    pollingTimeoutSeconds,
    i18n,
    tr: i18n.chat,
    binding: createChatBinding({
      chatId: deps.chatId,
      adminIds: deps.adminIds,
      staffIds: deps.staffIds ?? [],
      ...(deps.storeChats ? { storeChats: deps.storeChats } : {}),
      kv: deps.kv,
    }),
    codec: createOrderActionCodec(deps.kv, now),
    cancelQuestions: createCancelQuestions(deps.kv),
    deliverSteps: createDeliverSteps(deps.kv),
    progressLineRecords,
    progressLines: createProgressLines({ api: bot.api, records: progressLineRecords, translator: i18n.translator, now, logger, secrets }),
    engine: recording ? auditedEngine(given, recording) : given,
    recording,
    recordStep: recording && stepRecorder(recording),
    now,
    logger,
    secrets,
  };
}

const constant = (value: SyncForBot) => () => value;
