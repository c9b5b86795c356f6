/**
 * Plain notices into the chat ("Store API key refused", "Store is back"): escaped, and never thrown, since the caller
 * is usually a health check. A notice is said once, and is not dropped while Telegram may still take it:
 * - it is tried at once, and again after a few growing waits when the failure may pass by itself (network errors,
 *   which auto-retry leaves alone, see transport/api-transformers.ts, and 429/5xx answers auto-retry gave up on);
 * - a notice that could not be posted is held in the key-value store, so a restart does not lose it either, and
 *   tried again with backoff (shared/backoff.ts) while the bot runs, and at once when the chat accepts a message
 *   again (transport/chat-reachability.ts). Held notices go out oldest first, and a new one waits behind them, so
 *   notices arrive in the order they were raised; a late one says since when it was held;
 * - only a notice Telegram can never take (a 400 about the message itself) is dropped, and logged.
 * A send retried after a network error can arrive twice: for an alert, better than never.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { GrammyError, HttpError, type Api } from 'grammy';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { backoffDelayMs, type Backoff } from '../../shared/backoff.ts';
import { describeError } from '../errors.ts';
import { lines, text, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { kvSlot, type BotKeyValueStore } from '../storage/kv.ts';
import { ALERTS } from '../texts/alerts.ts';
import type { Translator } from '../texts/translator.ts';

/**
 * Posts a notice; a string is raw text (escaped here). Resolves to the posted message, or undefined when it was not
 * posted at once: it is then held and sent later (or, if Telegram can never take it, dropped and logged).
 */
export type PostNotice = (notice: Html | string) => Promise<TelegramRef | undefined>;

/** Waits before the second and third tries: three tries over about 40 seconds. */
export const DEFAULT_NOTICE_RETRY_DELAYS_MS: readonly number[] = [10_000, 30_000];
/** Held notices are tried again after 30 s, then twice as long each time, at most every 10 minutes. */
export const DEFAULT_HELD_NOTICE_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 10 * 60_000 };

const HeldNoticesSchema = z.array(z.object({ html: z.string(), length: z.number(), raisedAt: z.number() }));
type HeldNotice = z.infer<typeof HeldNoticesSchema>[number];

/** Worth another try soon: the failure may pass by itself. */
const passing = (error: unknown) =>
  error instanceof HttpError || (error instanceof GrammyError && (error.error_code === 429 || error.error_code >= 500));

/** Telegram refused this message, not the chat: it would refuse it again forever. */
const neverTaken = (error: unknown) =>
  error instanceof GrammyError &&
  error.error_code === 400 &&
  !/chat not found|rights|CHAT_WRITE_FORBIDDEN|CHAT_RESTRICTED/i.test(error.description);

export interface NoticePoster {
  post: PostNotice;
  /** Sends what is held now, then keeps trying on the backoff until stop(). */
  start(): Promise<void>;
  /** Tries the held notices now (the chat answers again). */
  retryNow(): void;
  /** No more tries until start(); a notice waiting for its next quick try gives up (the bot's signal) and stays held. */
  stop(): void;
}

export function createNoticePoster(deps: {
  api: Api;
  binding: ChatBinding;
  kv: BotKeyValueStore;
  /** The chat's language: the held-since line is said in it. */
  tr: Translator;
  /** Waits between the first tries; its length is the number of quick retries. */
  retryDelaysMs: readonly number[];
  /** Backoff of held notices. */
  heldBackoff: Backoff;
  /** Aborted when the bot stops: a notice waiting for its next quick try is held instead. */
  signal: () => AbortSignal;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}): NoticePoster {
  const held = kvSlot(deps.kv, 'held-notices', HeldNoticesSchema);
  // Every send and every change of the held list goes through this chain: one at a time, in order.
  let chain: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task);
    chain = run.catch(() => undefined);
    return run;
  };
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;

  const send = async (html: Html): Promise<TelegramRef> => {
    const chatId = await deps.binding.requireChatId();
    const message = await deps.api.sendMessage(chatId, html.html, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    return { chatId, messageId: message.message_id };
  };

  /** The notice at once, with the quick retries; undefined when it must be held, 'dropped' when it never can be sent. */
  const sendNow = async (html: Html): Promise<TelegramRef | 'dropped' | undefined> => {
    const signal = deps.signal();
    for (let attempt = 1; ; attempt++) {
      try {
        return await send(html);
      } catch (error) {
        const err = describeError(error, deps.secrets);
        if (neverTaken(error)) {
          deps.logger.error({ err, attempts: attempt }, 'notice dropped: Telegram refuses this message itself');
          return 'dropped';
        }
        const delay = deps.retryDelaysMs[attempt - 1];
        if (delay === undefined || !passing(error)) {
          deps.logger.warn({ err, attempts: attempt }, 'notice not posted: held, and tried again later');
          return undefined;
        }
        deps.logger.info({ err, attempt, retryInMs: delay }, 'notice not posted yet; trying again');
        try {
          await sleep(delay, undefined, { signal });
        } catch {
          deps.logger.warn({ err, attempts: attempt }, 'notice not posted before the bot stopped: held for the next start');
          return undefined;
        }
      }
    }
  };

  /** A held notice as it goes out late: said since when it waited, when that still fits. */
  const late = (notice: HeldNotice): Html => {
    const html = { html: notice.html, length: notice.length };
    const withSince = lines([ALERTS.heldSince(deps.tr, { since: notice.raisedAt }), html]);
    return withSince.length <= TELEGRAM_TEXT_LIMIT ? withSince : html;
  };

  const schedule = () => {
    clearTimeout(timer);
    if (!running) return;
    timer = setTimeout(() => void inOrder(flush), backoffDelayMs(failures, deps.heldBackoff));
    timer.unref();
  };

  /** Sends the held notices, oldest first, until one fails: then the rest wait for the next try. Never throws. */
  async function flush(): Promise<void> {
    try {
      for (;;) {
        const waiting = (await held.read()) ?? [];
        const head = waiting[0];
        if (head === undefined) {
          failures = 0;
          return;
        }
        try {
          await send(late(head));
        } catch (error) {
          if (!neverTaken(error)) {
            failures += 1;
            deps.logger.warn({ err: describeError(error, deps.secrets), held: waiting.length, failures }, 'held notices not posted yet');
            schedule();
            return;
          }
          deps.logger.error({ err: describeError(error, deps.secrets) }, 'held notice dropped: Telegram refuses this message itself');
        }
        await held.write(waiting.slice(1));
        failures = 0;
      }
    } catch (error) {
      // The store itself failed (closed while stopping): what is held stays held.
      deps.logger.warn({ err: describeError(error, deps.secrets) }, 'held notices not sent this time');
    }
  }

  return {
    post: (notice) =>
      inOrder(async () => {
        const html = typeof notice === 'string' ? text(notice) : notice;
        try {
          // Held before the first try: a stop or a crash while it is being sent loses nothing (it may come twice).
          const waiting = (await held.read()) ?? [];
          await held.write([...waiting, { html: html.html, length: html.length, raisedAt: deps.now() }]);
          if (waiting.length > 0) {
            // Behind the notices already held, so they arrive in order.
            if (running) await flush();
            return undefined;
          }
          const sent = await sendNow(html);
          if (sent === undefined) {
            failures = Math.max(failures, 1);
            schedule();
            return undefined;
          }
          await held.write(((await held.read()) ?? []).slice(1));
          return sent === 'dropped' ? undefined : sent;
        } catch (error) {
          deps.logger.warn({ err: describeError(error, deps.secrets) }, 'notice not posted: the bot could not keep it');
          return undefined;
        }
      }),

    async start() {
      running = true;
      await inOrder(flush);
    },

    retryNow() {
      if (running) void inOrder(flush);
    },

    stop() {
      running = false;
      clearTimeout(timer);
    },
  };
}
