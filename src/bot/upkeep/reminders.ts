/**
 * Reminders and auto-cancel. On an interval (unref'd) from the bot's start to its stop, one pass:
 * - moves queued auto-cancels on: a cancel that succeeded gets the buyer's "sorry" message (if the seller has one)
 *   and a notice in the chat; one that failed gets a notice;
 * - cancels, through the outbox (the very action a Cancel button queues, with its stored idempotency key), paid
 *   orders of a product with auto-cancel nobody took in time. "Cancelling" is stored before the cancel is queued,
 *   so a crash between the two queues it on the next pass, and the outbox's one live cancel per order keeps it one;
 * - posts what is due as ONE new message (a new message, so phones notify): a reply to the card or buyer message
 *   when one thing is due, else a list with a Take button per untaken order. Marked said only once Telegram took
 *   it: a failed send is tried again next pass, a crash right after a send may repeat it once.
 * What is due is decided by the store (db/reminders.ts) against what sync keeps, so it survives restarts.
 */
import type { Translator } from '../texts/translator.ts';
import { GrammyError, type Api, type InlineKeyboard } from 'grammy';
import type { Logger } from 'pino';
import type { SellerAction } from '../../core/actions.ts';
import type { AutoCancelDue, AutoCancelProgress, UnansweredDue, UntakenDue } from '../../core/reminders.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { timeOf } from '../../seller-api/spec-gaps.ts';
import type { Order, OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot, SyncSink } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { describeError } from '../errors.ts';
import { lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import type { PostNotice } from '../sink/notices.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { BUTTONS } from '../texts/buttons.ts';
import {
  autoCancelFailed,
  autoCancelled,
  autoCancelWarning,
  groupedAutoCancel,
  groupedFooter,
  groupedHeader,
  groupedMore,
  groupedUnanswered,
  groupedUntaken,
  takeOrderButton,
  unansweredReminder,
  untakenReminder,
} from '../texts/reminders.ts';
import type { ReminderStore } from './reminder-store.ts';

/** An untaken order is brought back up at most this many times. */
const MAX_UNTAKEN_REMINDERS = 3;
/** Lines of one grouped message (the rest are counted), and Take buttons under it: it stays readable and fits. */
const MAX_GROUPED_LINES = 30;
const MAX_TAKE_BUTTONS = 20;
/** The lines of a grouped message stop here, leaving room for its header and footer within Telegram's limit. */
const GROUPED_TEXT_BUDGET = TELEGRAM_TEXT_LIMIT - 400;
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
  /** The seller's "sorry" text for the buyer of an auto-cancelled order; none by default. */
  sorryMessage?: (order: Order) => string | undefined;
}

export interface Reminders {
  /** Wraps the bot's sink: records each relayed chat message, so an unanswered buyer is known. */
  observe(sink: SyncSink): SyncSink;
  start(): Promise<void>;
  stop(): void;
  /** One pass now (after one in progress); never throws. */
  runOnce(): Promise<void>;
}

type Due =
  | { kind: 'untaken'; item: UntakenDue }
  | { kind: 'unanswered'; item: UnansweredDue }
  | { kind: 'autocancel'; item: AutoCancelDue };

/**
 * The Cancel button's action, refund included, with one guard: the store must still show the order paid just before
 * (what the bridge last read may be stale, e.g. right after a restart, and taken orders can be cancelled too).
 */
// `by`: the card and /order name the rule, not a person, as the one who cancelled (audit/recording.ts's sink).
const autoCancel = (orderId: OrderId): SellerAction => ({ kind: 'cancel', orderId, onlyIfStatus: 'paid', by: 'autocancel' });

/** Supergroup ids are -100<internal id>; their messages have t.me/c links (members only). */
const messageLink = (ref: TelegramRef | undefined): string | undefined => {
  const id = String(ref?.chatId ?? '');
  return ref !== undefined && id.startsWith('-100') ? `https://t.me/c/${id.slice(4)}/${ref.messageId}` : undefined;
};

export function createReminders(deps: {
  api: Api;
  binding: ChatBinding;
  codec: OrderActionCodec;
  engine: () => SyncForBot;
  settings: ReminderSettings;
  postNotice: PostNotice;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
  /** The chat's language. */
  tr: Translator;
}): Reminders {
  const { store } = deps.settings;
  const untakenAfterMs = deps.settings.untakenAfterMs || undefined;
  const unansweredAfterMs = deps.settings.unansweredAfterMs || undefined;
  const logger = deps.logger.child({ part: 'reminders' });
  let timer: NodeJS.Timeout | undefined;
  // One pass at a time: two would post the same reminder twice.
  let running: Promise<void> = Promise.resolve();

  /** The seller's "sorry" for this order; a template that fails to render sends nothing rather than stall the notice. */
  const sorryFor = (order: Order): string | undefined => {
    try {
      return deps.settings.sorryMessage?.(order)?.trim() || undefined;
    } catch (error) {
      logger.warn({ err: describeError(error, deps.secrets), orderId: order.id }, 'sorry message not made: none sent');
      return undefined;
    }
  };

  /** A queued auto-cancel moves on: told once its cancel is answered. */
  const settleCancel = async (progress: AutoCancelProgress, now: number) => {
    const { orderId } = progress;
    if (progress.cancel === 'pending') return;
    if (progress.cancel === 'none') {
      if (deps.engine().findOrder(orderId) === undefined) return void (await store.markCancelDone(orderId, now));
      const ticket = deps.engine().enqueue(autoCancel(orderId));
      logger.info({ orderId, actionId: ticket.actionId, deduplicated: ticket.deduplicated }, 'auto-cancel queued');
      return;
    }
    if (progress.cancel === 'failed') {
      await deps.postNotice(autoCancelFailed(deps.tr, { orderId, code: progress.code }));
    } else {
      const order = deps.engine().lastSeenOrder(orderId);
      const sorry = order === undefined ? undefined : sorryFor(order);
      // Its key makes asking again (a crash before `markCancelDone`) the same message: the buyer gets it once.
      if (sorry !== undefined) deps.engine().enqueue({ kind: 'message', orderId, text: sorry, key: `autocancel-sorry:${orderId}` });
      await deps.postNotice(
        autoCancelled(deps.tr, {
          orderId,
          productTitle: progress.productTitle,
          minutesSet: progress.minutes,
          sorrySent: sorry !== undefined,
        }),
      );
    }
    logger.info({ orderId, cancel: progress.cancel, code: progress.code }, 'auto-cancel settled');
    await store.markCancelDone(orderId, now);
  };

  const keyboardOf = async (orderIds: readonly OrderId[], grouped: boolean): Promise<InlineKeyboard['inline_keyboard']> => {
    const rows = [];
    for (const orderId of orderIds.slice(0, MAX_TAKE_BUTTONS)) {
      const text = grouped ? takeOrderButton(deps.tr, { orderId }) : BUTTONS.take(deps.tr);
      rows.push([{ text, callback_data: await deps.codec.encode('take', orderId) }]);
    }
    return rows;
  };

  const single = (due: Due, now: number): { html: Html; replyTo: TelegramRef | undefined } => {
    switch (due.kind) {
      case 'untaken': {
        const { item } = due;
        const html = untakenReminder(deps.tr, { ...item, waitedMs: now - item.since, nth: item.sent + 1, of: MAX_UNTAKEN_REMINDERS });
        return { html, replyTo: item.card };
      }
      case 'unanswered':
        return { html: unansweredReminder(deps.tr, { ...due.item, waitedMs: now - due.item.since }), replyTo: due.item.replyTo };
      case 'autocancel':
        return { html: autoCancelWarning(deps.tr, { ...due.item, inMs: due.item.cancelAt - now }), replyTo: due.item.card };
    }
  };

  const groupedLine = (due: Due, now: number): Html => {
    switch (due.kind) {
      case 'untaken':
        return groupedUntaken(deps.tr, { ...due.item, waitedMs: now - due.item.since, url: messageLink(due.item.card) });
      case 'unanswered':
        return groupedUnanswered(deps.tr, { ...due.item, waitedMs: now - due.item.since, url: messageLink(due.item.replyTo) });
      case 'autocancel':
        return groupedAutoCancel(deps.tr, { ...due.item, inMs: due.item.cancelAt - now, url: messageLink(due.item.card) });
    }
  };

  const grouped = (all: readonly Due[], now: number): Html => {
    const items: Html[] = [];
    let length = 0;
    for (const due of all.slice(0, MAX_GROUPED_LINES)) {
      const line = groupedLine(due, now);
      if (length + line.length > GROUPED_TEXT_BUDGET) break;
      items.push(line);
      length += line.length + 1;
    }
    const more = all.length - items.length;
    const takeable = all.some((due) => due.kind !== 'unanswered');
    return lines([
      groupedHeader(deps.tr, { items: all.length }),
      ...items,
      ...(more > 0 ? [groupedMore(deps.tr, { more })] : []),
      groupedFooter(deps.tr, { withButtons: takeable }),
    ]);
  };

  /** Posts what is due as one message; resolves to whether Telegram took it. */
  const post = async (all: readonly Due[], now: number): Promise<boolean> => {
    const chatId = await deps.binding.chatId();
    if (chatId === undefined) return false;
    const takeable = all.filter((due) => due.kind !== 'unanswered').map((due) => due.item.orderId);
    const keyboard = await keyboardOf(takeable, all.length > 1);
    const only = all.length === 1 ? all[0] : undefined;
    const { html, replyTo } = only === undefined ? { html: grouped(all, now), replyTo: undefined } : single(only, now);
    const replying = replyTo !== undefined && replyTo.chatId === chatId ? replyTo : undefined;
    const send = (reply: TelegramRef | undefined) =>
      deps.api.sendMessage(chatId, html.html, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(keyboard.length > 0 ? { reply_markup: { inline_keyboard: keyboard } } : {}),
        ...(reply === undefined ? {} : { reply_parameters: { message_id: reply.messageId, allow_sending_without_reply: true } }),
      });
    try {
      // The message replied to may sit where a reply cannot go (a closed or deleted topic): then without the reply,
      // rather than failing on every pass.
      const sent = await send(replying).catch((error: unknown) => {
        if (replying === undefined || !(error instanceof GrammyError) || error.error_code !== 400) throw error;
        return send(undefined);
      });
      // A reply to a one-order reminder reaches that order's buyer, like a reply to its card.
      if (only !== undefined) deps.engine().linkTelegramMessage(only.item.orderId, { chatId, messageId: sent.message_id }, 'other');
      return true;
    } catch (error) {
      logger.warn({ err: describeError(error, deps.secrets), due: all.length }, 'reminder not posted: tried again on the next pass');
      return false;
    }
  };

  const pass = async () => {
    const now = deps.now();
    for (const progress of await store.cancelling()) await settleCancel(progress, now);
    // Until sync has read the store once in this run, the database may still show as paid what was taken meanwhile.
    if (deps.engine().status().lastSuccessfulPollAt === undefined) return;

    const autocancel = await store.autoCancelDue(now);
    for (const item of autocancel.filter((due) => due.stage === 'cancel')) {
      // Decided first, then queued: a crash in between is found by `cancelling()` as a cancel never queued.
      await store.markCancelling(item.orderId, now);
      const ticket = deps.engine().enqueue(autoCancel(item.orderId));
      logger.info({ orderId: item.orderId, productId: item.productId, actionId: ticket.actionId }, 'auto-cancel queued');
    }
    const warnings = autocancel.filter((due) => due.stage === 'warn');
    const covered = new Set(autocancel.map((due) => due.orderId));
    const untaken = untakenAfterMs === undefined ? [] : await store.untakenDue(now, untakenAfterMs, MAX_UNTAKEN_REMINDERS);
    const unanswered = unansweredAfterMs === undefined ? [] : await store.unansweredDue(now, unansweredAfterMs);
    const due: Due[] = [
      ...warnings.map((item) => ({ kind: 'autocancel' as const, item })),
      // An order warned of (or being cancelled) needs no second line: its untaken reminder counts as said.
      ...untaken.filter((item) => !covered.has(item.orderId)).map((item) => ({ kind: 'untaken' as const, item })),
      ...unanswered.map((item) => ({ kind: 'unanswered' as const, item })),
    ];
    if (due.length > 0) {
      if (!(await post(due, now))) return;
      logger.info({ untaken: untaken.length, unanswered: unanswered.length, warnings: warnings.length }, 'reminder posted');
    }
    for (const item of warnings) await store.markWarned(item.orderId, item.minutes, now);
    if (untaken.length > 0)
      await store.markUntaken(
        untaken.map((item) => item.orderId),
        now,
      );
    if (unanswered.length > 0) await store.markUnanswered(unanswered, now);
    await store.prune(now - KEEP_MS);
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
    observe(sink) {
      return {
        ...sink,
        async messageArrived(order, message, timing) {
          const receipt = await sink.messageArrived(order, message, timing);
          try {
            const written = timeOf(message.createdAt);
            await store.recordRelayed(
              {
                orderId: order.id,
                messageId: message.id,
                fromBuyer: message.senderRole !== 'seller',
                createdMs: Number.isFinite(written) ? written : deps.now(),
                ref: receipt.telegram[0],
              },
              deps.now(),
            );
          } catch (error) {
            // Never thrown: the message is in the chat, and a failed hand-off would post it again.
            logger.warn({ err: describeError(error, deps.secrets), orderId: order.id }, 'relayed message not recorded for reminders');
          }
          return receipt;
        },
      };
    },
    async start() {
      if (timer) return;
      await store.begin(deps.now());
      timer = setInterval(() => void runOnce(), deps.settings.tickMs ?? 10_000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    runOnce,
  };
}
