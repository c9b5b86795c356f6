/**
 * One store's drain of the Telegram queue: one step at a time (queue-delivery.ts), each through the same pacing as
 * every call, and what Telegram accepted recorded only after it accepted it. So a restart sends what was queued and
 * not yet accepted, and at most the one message in flight at a crash is sent twice (the same window as the hand-off's).
 *
 * When Telegram refuses the chat as a whole (blocked, removed, a 429 past the retry limit) the lane holds: it tries
 * again after a backoff of at least what Telegram asked, or at once when the chat answers again (`retryNow`). A
 * single item Telegram refuses waits with its own backoff, and with it the rest of its order, so nothing of an order
 * overtakes it.
 */
import { setImmediate } from 'node:timers/promises';
import type { Logger } from 'pino';
import { backoffDelayMs, type Backoff } from '../../shared/backoff.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import { BridgeBotError, describeError, toBridgeError } from '../errors.ts';
import type { DeliverRow, RelayedAs } from './queue-delivery.ts';
import type { QueuedRow, TelegramQueueStore } from './queue-store.ts';

export interface DrainerOptions {
  /** Backoff of a chat-wide hold and of an item Telegram refused. */
  backoff: Backoff;
  /** How often a queue whose items all wait for a retry is looked at again. */
  idlePollMs: number;
  /**
   * A card edit waiting this long goes with new content, in its turn: a busy chat still sees cards change. 30 s,
   * three default poll intervals: in a busy group each such edit costs a buyer message one slot (3 s).
   */
  editMaxWaitMs: number;
  /** Sent items are kept this long, so an event offered again after a crash is recognised. */
  keepSentMs: number;
  /** How long stop() waits for the message in flight. */
  stopGraceMs: number;
}

export interface DrainerDeps {
  store: TelegramQueueStore;
  deliver: DeliverRow;
  engine: () => SyncForBot;
  options: DrainerOptions;
  /** A step failed (the group may have turned topics on or off meanwhile). */
  onFailure?: () => void;
  /** Buyer messages went out in a Telegram message (after it is recorded). */
  onRelayed?: (relayed: RelayedAs) => void;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}

export interface DrainLane {
  /** Runs until stop(); resolves after the step in flight. */
  run(): Promise<void>;
  stop(): void;
  /** Something was queued for this store. */
  wake(): void;
  /** A hold ends, unless Telegram asked to wait longer. */
  retryNow(): void;
  held(): BridgeBotError | undefined;
}

export interface LaneDeps extends DrainerDeps {
  /** The store whose items this lane sends. */
  lane: string;
  /** False once stop() stopped waiting: a step finishing later records nothing (the database may be closed). */
  current: () => boolean;
  /** Prunes sent items when it is time (once for every lane). */
  prune: () => Promise<void>;
}

export function createDrainLane(deps: LaneDeps): DrainLane {
  const { store, options, now, logger, lane } = deps;
  let running = true;
  // `until` is the backoff, cut short by retryNow; `notBefore` is what Telegram asked (retry_after), never cut.
  let hold: { error: BridgeBotError; until: number; notBefore: number; count: number } | undefined;
  let woken = false;
  let wakeUp: (() => void) | undefined;

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) {
        woken = false;
        resolve();
        return;
      }
      const timer = Number.isFinite(ms) ? setTimeout(done, Math.max(0, ms)) : undefined;
      timer?.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  const wake = () => {
    woken = true;
    wakeUp?.();
  };

  const holdFor = (error: BridgeBotError) => {
    const count = (hold?.count ?? 0) + 1;
    const wait = Math.max(error.retryAfterMs ?? 0, backoffDelayMs(count, options.backoff));
    hold = { error, until: now() + wait, notBefore: now() + (error.retryAfterMs ?? 0), count };
    logger.warn({ code: error.code, waitMs: wait, store: lane }, 'telegram refuses the chat; the queue waits');
  };

  const failed = async (row: QueuedRow, error: unknown) => {
    deps.onFailure?.();
    const safe = toBridgeError(error, deps.secrets);
    if (safe.sinkUnavailable || safe.code === 'NO_CHAT_BOUND') {
      // Counted, not delayed: the hold waits for the chat, and an alert tried before says since when it waited.
      await store.failed(row.seq, now());
      return holdFor(safe);
    }
    const waitMs = backoffDelayMs(row.attempts + 1, options.backoff);
    await store.failed(row.seq, now() + waitMs);
    logger.warn(
      { kind: row.kind, code: safe.code, waitMs, err: describeError(error, deps.secrets) },
      'telegram refused a queued item; tried again later',
    );
  };

  const step = async (row: QueuedRow) => {
    let result: Awaited<ReturnType<DrainerDeps['deliver']>>;
    try {
      result = await deps.deliver(row);
    } catch (error) {
      if (deps.current()) await failed(row, error);
      return;
    }
    if (!deps.current()) return;
    // Links first: a crash between the two repeats the message once, and it is still mapped to its order.
    for (const link of result.links) deps.engine().linkTelegramMessage(link.orderId, link.ref, link.role);
    await store.progress(result.progress, now());
    if (result.relayed) deps.onRelayed?.(result.relayed);
    hold = undefined;
  };

  const idle = async () => {
    await deps.prune();
    await nap((await store.pending(lane)) > 0 ? options.idlePollMs : Number.POSITIVE_INFINITY);
    // Sync hands off the lines one read found one by one, in one turn of the event loop: picking at the first
    // would send it alone and the rest as a second message.
    await setImmediate();
  };

  const run = async () => {
    while (running) {
      try {
        if (hold !== undefined && hold.until > now()) {
          await nap(hold.until - now());
          continue;
        }
        const row = await store.next(now(), now() - options.editMaxWaitMs, lane);
        if (row === undefined) await idle();
        else await step(row);
      } catch (error) {
        logger.error({ err: describeError(error, deps.secrets) }, 'telegram queue step failed');
        await nap(options.idlePollMs);
      }
    }
  };

  return {
    run,
    stop() {
      running = false;
      wakeUp?.();
    },
    wake,
    retryNow() {
      if (hold === undefined) return;
      hold = { ...hold, until: hold.notBefore };
      wake();
    },
    // What the queued sink refuses events with meanwhile: sync holds them for what is left of the wait, which a
    // probe (retryNow) cuts to what Telegram asked.
    held: () =>
      hold &&
      new BridgeBotError(hold.error.code, hold.error.message.replace(`${hold.error.code}: `, ''), {
        retryAfterMs: Math.max(0, hold.until - now()),
      }),
  };
}
