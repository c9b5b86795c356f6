/**
 * Long polling with grammY runner, so updates are handled concurrently: a reply waiting in the pacing queue holds
 * up only what must stay in order behind it (index.ts says what that is), not every later tap.
 *
 * - The runner retries failed fetches itself (network errors, 5xx after auto-retry) and gives up on 401 (token
 *   revoked) and 409 (another process polls with this token). When it gives up, or polling ends in any way other
 *   than our stop(), `onStopped` is told once, with a token-free reason, and `state()` says so: a bridge that
 *   cannot hear Telegram must not look healthy.
 * - The runner's stop() does not wait for the handlers in flight (its concurrent sink resolves as soon as it has
 *   capacity), so they are tracked here and awaited on stop, up to a grace period.
 * - The runner confirms a batch by asking for the next one; on stop the last batch is confirmed with one short
 *   getUpdates, as grammY's bot.stop() does, so a restart does not handle it again.
 */
import { run, type RunnerHandle } from '@grammyjs/runner';
import { GrammyError, type Bot, type MiddlewareFn, type Transformer } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from 'pino';
import type { BotContext } from '../context.ts';
import { UNLIMITED_SHUTDOWN, type ShutdownBudget } from '../../shared/shutdown-budget.ts';
import { BridgeBotError, describeError, redact, type SafeErrorDescription } from '../errors.ts';

export interface PollingState {
  /** True from a successful start until stop() or until polling stopped by itself. */
  running: boolean;
  /** Why polling stopped by itself: token-free, starting with a code (`TELEGRAM_POLLING_CONFLICT: …`). */
  error?: string;
  /** Updates being handled right now. */
  handling: number;
}

export interface PollingOptions {
  bot: Bot<BotContext>;
  allowedUpdates: readonly Exclude<keyof Update, 'update_id'>[];
  timeoutSeconds: number;
  /** How long stop() waits for the updates in flight (a reply may wait a minute in the pacing queue). */
  stopGraceMs: number;
  onStopped: ((reason: string) => void) | undefined;
  logger: Logger;
  secrets: readonly string[];
}

export interface Polling {
  /** Must be the bot's first middleware: it tracks the updates in flight. */
  track: MiddlewareFn<BotContext>;
  /** getMe (a refused token rejects with TELEGRAM_TOKEN_REFUSED), webhook removal, then polling; resolves once it runs. */
  start(): Promise<void>;
  /** Stops fetching and waits for the updates in flight (up to the grace period, within `budget`); never throws. */
  stop(budget?: ShutdownBudget): Promise<void>;
  state(): PollingState;
}

/** The last offset confirmation must not hang a shutdown. */
const CONFIRM_TIMEOUT_MS = 5_000;

export function createPolling(options: PollingOptions): Polling {
  const { bot, logger, secrets } = options;
  const inFlight = new Set<Promise<void>>();
  let lastUpdateId: number | undefined;
  let active: RunnerHandle | undefined;
  let stoppedBecause: string | undefined;

  const track: MiddlewareFn<BotContext> = (ctx, next) => {
    lastUpdateId = Math.max(lastUpdateId ?? 0, ctx.update.update_id);
    const handling = next();
    inFlight.add(handling);
    const forget = () => void inFlight.delete(handling);
    handling.then(forget, forget);
    return handling;
  };

  bot.api.config.use(watchFetches(logger, secrets));

  const ended = (handle: RunnerHandle, error: unknown) => {
    if (active !== handle) return; // our own stop()
    active = undefined;
    const reason = stoppedReason(error, secrets);
    stoppedBecause = reason;
    logger.error({ err: error === undefined ? undefined : describeError(error, secrets) }, `bot polling stopped: ${reason}`);
    try {
      options.onStopped?.(reason);
    } catch (callbackError) {
      logger.error({ err: describeError(callbackError, secrets) }, 'onPollingStopped failed');
    }
  };

  const waitForHandlers = async (graceMs: number) => {
    if (inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      Promise.allSettled([...inFlight]).then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) logger.warn({ handling: inFlight.size }, 'stopped without waiting any longer for the updates in flight');
  };

  const confirmLastBatch = async (timeoutMs: number) => {
    if (lastUpdateId === undefined) return;
    try {
      // grammY types its signal with the abort-controller package's class; Node's own is what it gets at run time.
      const signal = AbortSignal.timeout(timeoutMs) as unknown as Parameters<Bot['api']['getUpdates']>[1];
      await bot.api.getUpdates({ offset: lastUpdateId + 1, limit: 1, timeout: 0 }, signal);
    } catch (error) {
      logger.warn({ err: describeError(error, secrets) }, 'last update offset not confirmed');
    }
  };

  return {
    track,

    async start() {
      if (active) return;
      try {
        await bot.init();
        // As grammY's bot.start() does: with a webhook set, getUpdates answers 409.
        await bot.api.deleteWebhook();
      } catch (error) {
        throw startError(error, secrets);
      }
      stoppedBecause = undefined;
      const handle = run(bot, {
        runner: {
          fetch: { allowed_updates: options.allowedUpdates, timeout: options.timeoutSeconds },
          // The default doubles the wait without a cap: after an hour offline the next try could be an hour away.
          retryInterval: 'quadratic',
          // The runner would print errors with console.error, and an HttpError's message carries the token.
          silent: true,
        },
      });
      active = handle;
      void handle.task()?.then(
        () => ended(handle, undefined),
        (error: unknown) => ended(handle, error),
      );
      logger.info({ username: bot.botInfo.username }, 'bot polling');
    },

    async stop(budget = UNLIMITED_SHUTDOWN) {
      const handle = active;
      active = undefined;
      if (handle) await handle.stop().catch(() => undefined);
      await waitForHandlers(budget.allow(options.stopGraceMs));
      // After a 409 or 401 the confirmation would fail too, and against a 409 it would cut the other poller short.
      if (handle && stoppedBecause === undefined) await confirmLastBatch(budget.allow(CONFIRM_TIMEOUT_MS));
    },

    state: () => ({
      running: active !== undefined,
      ...(stoppedBecause === undefined ? {} : { error: stoppedBecause }),
      handling: inFlight.size,
    }),
  };
}

/** A token-free error for start-up failures; a refused token is the one a person must act on. */
function startError(error: unknown, secrets: readonly string[]): Error {
  if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404))
    return new BridgeBotError('TELEGRAM_TOKEN_REFUSED');
  const described = describeError(error, secrets);
  return new Error(described.cause ? `${described.message} (${described.cause})` : described.message);
}

function stoppedReason(error: unknown, secrets: readonly string[]): string {
  if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 409)) {
    const code = error.error_code === 401 ? 'TELEGRAM_TOKEN_REFUSED' : 'TELEGRAM_POLLING_CONFLICT';
    const described = describeError(error, secrets);
    return `${new BridgeBotError(code).message} (Telegram: ${described.description ?? described.message})`;
  }
  if (error === undefined) return new BridgeBotError('TELEGRAM_POLLING_FAILED', 'polling ended unexpectedly').message;
  const described = describeError(error, secrets);
  return new BridgeBotError('TELEGRAM_POLLING_FAILED', described.cause ? `${described.message} (${described.cause})` : described.message)
    .message;
}

/** Logs, token-free, when fetching updates starts failing (once) and when it works again; the runner retries. */
function watchFetches(logger: Logger, secrets: readonly string[]): Transformer {
  let failing = false;
  const failed = (err: SafeErrorDescription) => {
    if (!failing) logger.warn({ err }, 'fetching Telegram updates failed; retrying');
    failing = true;
  };
  return async (prev, method, payload, signal) => {
    if (method !== 'getUpdates') return prev(method, payload, signal);
    try {
      const result = await prev(method, payload, signal);
      if (result.ok) {
        if (failing) logger.info('fetching Telegram updates works again');
        failing = false;
      } else {
        failed({
          name: 'GrammyError',
          message: 'getUpdates refused',
          errorCode: result.error_code,
          description: redact(result.description, secrets),
        });
      }
      return result;
    } catch (error) {
      if (!signal?.aborted) failed(describeError(error, secrets));
      throw error;
    }
  };
}
