/**
 * "⏳ Delivering order …", "⏳ Cancelling order … and refunding…": the line a seller's Confirm leaves, and what it
 * becomes. The tap shows it (`show`); the action's outcome (`settle`, from action-outcomes.ts) writes itself into it:
 * done, failed, or still queued (and then again when it ends). A line is remembered in the key-value store, so an
 * outcome reported after a restart still finds it. An outcome that comes before its line was shown (the store
 * answered first) is kept in memory for a while, and the line shows it at once.
 */
import { type Api, HttpError } from 'grammy';
import type { Logger } from 'pino';
import type { ActionOutcome, ActionTicket } from '../../core/actions.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { describeError } from '../errors.ts';
import type { Html } from '../helpers/html.ts';
import { isNotModified, isUneditable } from '../helpers/telegram-errors.ts';
import { lineKey, type LineKey, type ProgressLine, type ProgressLineRecords } from '../storage/progress-lines.ts';
import { actionFailed, actionQueued } from '../texts/actions.ts';
import { cancelDone, deliverDone } from '../texts/prompts.ts';
import type { Translator } from '../texts/translator.ts';

type LineKind = ProgressLine['kind'];

/** What a line said of an outcome: nothing (no line), said it, or said it long after the tap (notify again). */
export type LineVerdict = 'none' | 'said' | 'said-late';

export interface ProgressLines {
  /** Shows `progress` on the message of the button just tapped, for the action the tap queued. */
  show(
    ticket: ActionTicket,
    line: { message: TelegramRef; orderId: OrderId; kind: LineKind; tr: Translator; progress: Html },
  ): Promise<void>;
  /** Writes the outcome into the action's lines, if it has any. */
  settle(outcome: ActionOutcome): Promise<LineVerdict>;
}

/** An outcome that came before its line waits this long for it (a Telegram edit takes seconds at worst). */
const EARLY_OUTCOME_TTL_MS = 10 * 60_000;

export function createProgressLines(deps: {
  api: Api;
  records: ProgressLineRecords;
  translator: (language: string) => Translator;
  now: () => number;
  logger: Logger;
  secrets: readonly string[];
}): ProgressLines {
  const { records, now } = deps;
  // Per action: a tap's line and its outcome never pass each other.
  const lock = createKeyedLock();
  const early = new Map<LineKey, { outcome: ActionOutcome; at: number }>();

  const edit = async (message: TelegramRef, html: Html) => {
    try {
      await deps.api.editMessageText(message.chatId, message.messageId, html.html, {
        parse_mode: 'HTML',
        reply_markup: { inline_keyboard: [] },
      });
    } catch (error) {
      // Deleted or too old: the card and, for a failure, a notice still tell.
      if (isNotModified(error) || isUneditable(error)) return;
      throw error;
    }
  };

  const outcomeText = (tr: Translator, kind: LineKind, orderId: OrderId, outcome: ActionOutcome): Html => {
    if (outcome.ok === true) return kind === 'deliver' ? deliverDone(tr, { orderId }) : cancelDone(tr, { orderId });
    const params = { orderId, kind, code: outcome.code };
    return outcome.ok === false ? actionFailed(tr, params) : actionQueued(tr, params);
  };

  const remember = (key: LineKey, outcome: ActionOutcome) => {
    const at = now();
    for (const [id, kept] of early) if (at - kept.at > EARLY_OUTCOME_TTL_MS) early.delete(id);
    early.set(key, { outcome, at });
  };

  return {
    show: (ticket, line) =>
      lock.run(lineKey(line.orderId, ticket.actionId), async () => {
        const { message, orderId, kind, tr } = line;
        const key = lineKey(orderId, ticket.actionId);
        const earlier = early.get(key)?.outcome;
        if (ticket.state === 'succeeded' || (earlier !== undefined && earlier.ok === true)) {
          await edit(message, kind === 'deliver' ? deliverDone(tr, { orderId }) : cancelDone(tr, { orderId }));
          return;
        }
        if (earlier?.ok === false) {
          await edit(message, outcomeText(tr, kind, orderId, earlier));
          return;
        }
        const recorded = await records.find(key);
        const queued = earlier?.ok === 'queued' || recorded?.queued === true;
        await records.write(key, {
          orderId,
          kind,
          language: tr.locale,
          // A double tap on one Confirm is one line.
          messages: [
            ...(recorded?.messages ?? []).filter((m) => m.chatId !== message.chatId || m.messageId !== message.messageId),
            message,
          ],
          queued,
          at: recorded?.at ?? now(),
        });
        await edit(message, earlier === undefined ? line.progress : outcomeText(tr, kind, orderId, earlier));
      }),

    settle: (outcome) =>
      lock.run(lineKey(outcome.action.orderId, outcome.actionId), async (): Promise<LineVerdict> => {
        const { action } = outcome;
        if (action.kind !== 'deliver' && action.kind !== 'cancel') return 'none';
        const key = lineKey(action.orderId, outcome.actionId);
        const line = await records.find(key);
        if (line === undefined) {
          // A person's Deliver or Cancel whose line is not shown yet; the bot's own have none.
          if (action.by === undefined) remember(key, outcome);
          return 'none';
        }
        const html = outcomeText(deps.translator(line.language), line.kind, line.orderId, outcome);
        for (const message of line.messages) {
          try {
            await edit(message, html);
          } catch (error) {
            // Telegram unreachable: thrown, so the outcome is reported again; anything else will not get better.
            if (error instanceof HttpError) throw error;
            deps.logger.warn({ err: describeError(error, deps.secrets), orderId: line.orderId }, 'progress line not edited');
          }
        }
        if (outcome.ok === 'queued') await records.write(key, { ...line, queued: true });
        else await records.remove(key);
        return line.queued ? 'said-late' : 'said';
      }),
  };
}
