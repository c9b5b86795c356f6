/**
 * The reminder pass, on an interval (unref'd) from the bot's start to its stop: auto-cancels move on, then what is
 * due (auto-cancel warnings, untaken orders, unanswered buyers) is said as ONE notice (due-notice.ts) through the
 * Telegram queue, and marked said once it is queued. What is due is decided by the store (db/reminders.ts) against
 * what sync keeps, so it survives restarts; a crash between queueing and marking may say it twice, never not at all.
 */
import type { Logger } from 'pino';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot, SyncSink } from '../../sync/contract.ts';
import { describeError } from '../errors.ts';
import type { QueueNotice } from '../sink/notices.ts';
import type { Translator } from '../texts/translator.ts';
import { createAutoCancel } from './auto-cancel.ts';
import { dueNotice } from './due-notice.ts';
import type { ReminderStore } from './reminder-store.ts';
import { observeRelays, unansweredDue } from './unanswered.ts';
import { untakenDue } from './untaken.ts';

/** How often due reminders are looked for by default. */
const DEFAULT_TICK_MS = 10_000;
/** Records of messages answered or reminded of are kept this long, then pruned. */
const KEEP_MS = 7 * 24 * 60 * 60_000;

export interface ReminderSettings {
  store: ReminderStore;
  /** REMIND_UNTAKEN_MINUTES in ms; undefined or 0: off. */
  untakenAfterMs?: number | undefined;
  /** REMIND_UNANSWERED_MINUTES in ms; undefined or 0: off. */
  unansweredAfterMs?: number | undefined;
  /** How often due reminders are looked for (default 10 s). */
  tickMs?: number;
}

export interface Reminders {
  /** Wraps the bot's sink: records each relayed chat message, so an unanswered buyer is known. */
  observe(sink: SyncSink): SyncSink;
  /** The Telegram message relayed chat messages went out in: a reminder replies to the buyer's own message. */
  relayedAs(relayed: { orderId: OrderId; messageIds: readonly string[]; ref: TelegramRef }): void;
  start(): Promise<void>;
  stop(): void;
  /** One pass now (after one in progress); never throws. */
  runOnce(): Promise<void>;
}

export function createReminders(deps: {
  engine: () => SyncForBot;
  settings: ReminderSettings;
  notice: QueueNotice;
  /** Whether the seller saved a `sorry` template (said in the auto-cancel notice). */
  sorryExists: () => Promise<boolean>;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
  /** The chat's language. */
  tr: Translator;
  /** Several stores: the store whose own chat an order's reminders go to (undefined: the shared chat). */
  routeOf?: (orderId: OrderId) => string | undefined;
}): Reminders {
  const { store } = deps.settings;
  const untakenAfterMs = deps.settings.untakenAfterMs || undefined;
  const unansweredAfterMs = deps.settings.unansweredAfterMs || undefined;
  const logger = deps.logger.child({ part: 'reminders' });
  const autoCancel = createAutoCancel({
    store,
    engine: deps.engine,
    notice: deps.notice,
    tr: deps.tr,
    sorryExists: deps.sorryExists,
    logger,
  });
  let timer: NodeJS.Timeout | undefined;
  // A warning or a cancel due before the next tick gets a pass of its own at that instant (rules under a minute).
  let early: NodeJS.Timeout | undefined;
  // One pass at a time: two would post the same reminder twice.
  let running: Promise<void> = Promise.resolve();

  const pass = async () => {
    const now = deps.now();
    await autoCancel.settleDecided(now);
    // Until sync has read the store once in this run, the database may still show as paid what was taken meanwhile.
    if (deps.engine().status().lastSuccessfulPollAt === undefined) return;

    const warnings = await autoCancel.due(now);
    const untaken = await untakenDue(store, untakenAfterMs, now, warnings.covered);
    const unanswered = await unansweredDue(store, unansweredAfterMs, now);
    const due = [...warnings.items, ...untaken.items, ...unanswered.items];
    if (due.length > 0) {
      // One notice per chat: a store with a chat of its own hears only of its orders there.
      const byChat = new Map<string | undefined, typeof due>();
      for (const item of due) {
        const store = deps.routeOf?.(item.orderId);
        byChat.set(store, [...(byChat.get(store) ?? []), item]);
      }
      for (const [store, items] of byChat) {
        await deps.notice({ ...dueNotice(deps.tr, items, now), ...(store === undefined ? {} : { store }) });
      }
      logger.info(
        { untaken: untaken.items.length, unanswered: unanswered.items.length, warnings: warnings.items.length },
        'reminder queued',
      );
    }
    for (const batch of [warnings, untaken, unanswered]) await batch.said(now);
    await store.prune(now - KEEP_MS);
    await scheduleEarly(now);
  };

  const scheduleEarly = async (now: number) => {
    const next = await store.nextAutoCancelAt(now);
    clearTimeout(early);
    early = undefined;
    if (timer === undefined || next === undefined || next - now >= (deps.settings.tickMs ?? DEFAULT_TICK_MS)) return;
    early = setTimeout(() => void runOnce(), Math.max(0, next - deps.now()));
    early.unref();
  };

  const runOnce = () => {
    running = running.then(async () => {
      try {
        await pass();
      } catch (error) {
        logger.warn({ err: describeError(error, deps.secrets) }, 'reminders not checked this time');
      }
    });
    return running;
  };

  return {
    observe: (sink) => observeRelays(sink, { store, now: deps.now, logger, secrets: deps.secrets }),
    relayedAs({ orderId, messageIds, ref }) {
      Promise.resolve()
        .then(() => store.relayedAs(orderId, messageIds, ref))
        .catch((error: unknown) =>
          logger.warn({ err: describeError(error, deps.secrets), orderId }, 'relayed message not linked for reminders'),
        );
    },
    async start() {
      if (timer) return;
      await store.begin(deps.now());
      timer = setInterval(() => void runOnce(), deps.settings.tickMs ?? DEFAULT_TICK_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      clearTimeout(early);
      timer = undefined;
      early = undefined;
    },
    runOnce,
  };
}
