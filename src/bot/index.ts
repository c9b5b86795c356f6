/**
 * The Telegram bot: one factory that builds the grammY bot, the `SyncSink` sync reports to, and a notice poster.
 *
 * Middleware order matters: /start and /help are open to everyone; access control comes next, so nothing behind it
 * (conversations, buttons, commands, the relay) ever sees a stranger's update; conversations come before the
 * handlers so a waiting step gets its update first and passes on what is not for it.
 */
import { conversations, createConversation } from '@grammyjs/conversations';
import { Bot, GrammyError, type Middleware } from 'grammy';
import type { Logger } from 'pino';
import type { Product } from '../seller-api/schemas.ts';
import type { SyncEngine, SyncSink } from '../sync/contract.ts';
import { createOrderActionCodec } from './callback-data/order-action.ts';
import type { BotContext, ConversationContext } from './context.ts';
import { createDeliverConversation, DELIVER_CONVERSATION } from './conversations/deliver.ts';
import { createReplyConversation, REPLY_CONVERSATION } from './conversations/reply.ts';
import { conversationStorage } from './conversations/storage.ts';
import { BridgeBotError, describeError } from './errors.ts';
import { buyerRepliesFeature } from './features/buyer-replies.ts';
import { commandsFeature } from './features/commands.ts';
import { fallbackFeature } from './features/fallback.ts';
import { orderButtonsFeature } from './features/order-buttons.ts';
import { welcomeFeature } from './features/welcome.ts';
import { accessControl } from './middlewares/access-control.ts';
import {
  createApiTransformers,
  DEFAULT_PACING,
  DEFAULT_RETRY,
  type TelegramPacing,
  type TelegramRetry,
} from './services/api-transformers.ts';
import { createChatBinding } from './services/chat-binding.ts';
import type { BotKeyValueStore } from './services/kv.ts';
import { createNoticePoster, type PostNotice } from './services/notices.ts';
import { createOrderCards } from './services/order-cards.ts';
import { createTelegramSink } from './services/telegram-sink.ts';
import { COMMANDS } from './texts.ts';

export interface BridgeBotDeps {
  /** BotFather token. Never logged; redacted from every error this module logs or throws. */
  token: string;
  /** A local Bot API server or a test double; Telegram's by default. No trailing slash. */
  apiRoot?: string;
  /** Where orders go. Undefined: trial mode, the first private chat that sends /start is bound. */
  chatId: number | undefined;
  /** Users allowed to act. In trial mode the bound user is added. */
  adminIds: readonly number[];
  /**
   * The sync engine. It is built with this bot's `sink`, so it may be given lazily:
   * `engine: () => engine`, called only once updates or sink events arrive.
   */
  engine: SyncEngine | (() => SyncEngine);
  /** Conversation state, card records, trial binding (src/db's KeyValueStore). */
  kv: BotKeyValueStore;
  logger: Logger;
  /** For /products (e.g. `() => sellerApi.listProducts()`); without it /products says it is unavailable. */
  listProducts?: () => Promise<Product[]>;
  /** Telegram pacing; defaults follow Telegram's limits. Tests make it fast. */
  pacing?: Partial<TelegramPacing>;
  /** Retries of 429 and 5xx answers; bounded by default (5 attempts, 60 s). Network errors are not retried here. */
  retry?: Partial<TelegramRetry>;
  /** getUpdates long-poll timeout in seconds (default 30). */
  pollingTimeoutSeconds?: number;
  /** A Deliver or /reply step left alone this long is dropped (default 15 minutes). */
  conversationTimeoutMs?: number;
  now?: () => number;
}

export interface BridgeBot {
  bot: Bot<BotContext>;
  /** Give this to the sync engine. */
  sink: SyncSink;
  /** Posts a plain notice into the chat (alerts); best effort, never throws. Texts: `ALERTS` in ./texts.ts. */
  postNotice: PostNotice;
  /** Registers commands (best effort) and starts long polling; resolves once polling runs. */
  start(): Promise<void>;
  /** Stops polling and waits for the update being handled to finish. */
  stop(): Promise<void>;
}

export function createBridgeBot(deps: BridgeBotDeps): BridgeBot {
  const logger = deps.logger.child({ component: 'bot' });
  const secrets = [deps.token];
  const now = deps.now ?? Date.now;
  const engine = typeof deps.engine === 'function' ? deps.engine : ((value: SyncEngine) => () => value)(deps.engine);

  const pollingTimeoutSeconds = deps.pollingTimeoutSeconds ?? 30;
  const bot = new Bot<BotContext>(deps.token, {
    client: {
      ...(deps.apiRoot === undefined ? {} : { apiRoot: deps.apiRoot }),
      // grammY waits 500 s by default: a hanging Telegram would hold sync's hand-off that long.
      timeoutSeconds: pollingTimeoutSeconds + 30,
    },
  });
  const transformers = createApiTransformers({ ...DEFAULT_PACING, ...deps.pacing }, { ...DEFAULT_RETRY, ...deps.retry });
  bot.api.config.use(...transformers);

  const binding = createChatBinding({ chatId: deps.chatId, adminIds: deps.adminIds, kv: deps.kv });
  const codec = createOrderActionCodec(deps.kv);
  const cards = createOrderCards({ api: bot.api, kv: deps.kv, codec, engine });
  const sink = createTelegramSink({ api: bot.api, binding, cards, engine, kv: deps.kv, logger, secrets });
  const postNotice = createNoticePoster({ api: bot.api, binding, logger, secrets });

  // Conversations build their own Api objects: the same transformers go on them, or a 429 there would just fail.
  const installTransformers: Middleware<ConversationContext> = async (ctx, next) => {
    ctx.api.config.use(...transformers);
    await next();
  };
  const conversationTimeoutMs = deps.conversationTimeoutMs ?? 15 * 60_000;

  bot.use(welcomeFeature({ binding, logger, now }));
  bot.use(accessControl({ binding, logger }));
  bot.use(conversations<BotContext, ConversationContext>({ storage: conversationStorage(deps.kv), plugins: [installTransformers] }));
  bot.use(
    createConversation<BotContext, ConversationContext>(createDeliverConversation({ engine, codec }), {
      id: DELIVER_CONVERSATION,
      maxMillisecondsToWait: conversationTimeoutMs,
    }),
  );
  bot.use(
    createConversation<BotContext, ConversationContext>(createReplyConversation({ engine }), {
      id: REPLY_CONVERSATION,
      maxMillisecondsToWait: conversationTimeoutMs,
    }),
  );
  bot.use(orderButtonsFeature({ engine, codec, logger }));
  bot.use(commandsFeature({ engine, cards, listProducts: deps.listProducts, logger, secrets, now }));
  bot.use(buyerRepliesFeature({ engine, logger }));
  bot.use(fallbackFeature());

  // One bad update never stops the bot. grammY's HttpError carries the URL, and the URL the token: redacted.
  bot.catch((error) => {
    logger.error({ err: describeError(error.error, secrets), updateId: error.ctx.update.update_id }, 'update handling failed');
  });

  let polling: Promise<void> | undefined;

  return {
    bot,
    sink,
    postNotice,

    async start() {
      if (polling) return;
      try {
        await bot.api.setMyCommands(COMMANDS.map(({ command, description }) => ({ command, description })));
      } catch (error) {
        logger.warn({ err: describeError(error, secrets) }, 'commands not registered (the bot works without them)');
      }
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      polling = bot
        .start({
          allowed_updates: ['message', 'callback_query'],
          timeout: pollingTimeoutSeconds,
          onStart: (me) => {
            logger.info({ username: me.username }, 'bot polling');
            started();
          },
        })
        .catch((error: unknown) => {
          logger.error({ err: describeError(error, secrets) }, 'bot polling stopped by an error');
          throw error;
        });
      const failed = polling.then(() => {
        throw new Error('bot polling ended before it started');
      });
      try {
        await Promise.race([running, failed]);
      } catch (error) {
        polling = undefined;
        throw describeAsError(error, secrets);
      }
      failed.catch(() => undefined);
    },

    async stop() {
      const current = polling;
      if (!current) return;
      polling = undefined;
      try {
        await bot.stop();
      } catch (error) {
        logger.warn({ err: describeError(error, secrets) }, 'last update offset not confirmed');
      }
      // bot.stop() does not wait for the handler in flight; the promise of bot.start() does.
      await current.catch(() => undefined);
    },
  };
}

/** A token-free Error for start-up failures (a wrong token, another instance polling). */
function describeAsError(error: unknown, secrets: readonly string[]): Error {
  if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) return new BridgeBotError('TELEGRAM_TOKEN_REFUSED');
  const described = describeError(error, secrets);
  return new Error(described.cause ? `${described.message} (${described.cause})` : described.message);
}

export { ALERTS } from './texts.ts';
export type { BotKeyValueStore } from './services/kv.ts';
export type { PostNotice } from './services/notices.ts';
export type { TelegramPacing, TelegramRetry } from './services/api-transformers.ts';
export { BridgeBotError } from './errors.ts';
