/**
 * What /order <id> shows under the card: the order's whole history as the bridge saw it, oldest first, in the bot's
 * time zone: the store statuses sync saw, every step by a person or the bot with its result, and the message count.
 */
import type { AuditEntry, AuditStore, StatusEvent } from '../../core/audit.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import { TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import {
  historyAction,
  historyEmpty,
  historyMessages,
  historyMore,
  historyResult,
  historyStatus,
  historyText,
  historyTitle,
} from '../texts/staff.ts';
import type { Translator } from '../texts/translator.ts';
import { actorName } from './card-lines.ts';

const resultWords = (tr: Translator, entry: AuditEntry): string => historyResult(tr, { result: entry.result, code: entry.code ?? '?' });

/** `tr`: the asking user's, times in its zone (the bot's). */
export function orderHistory(tr: Translator, audit: AuditStore, orderId: OrderId): Html {
  const history = audit.history(orderId);
  const dated: { at: number; line: Html }[] = [
    ...history.statuses.map((event: StatusEvent) => ({
      at: event.at,
      line: historyStatus(tr, { time: tr.format.stamp(event.at), status: event.status, first: event.previous === undefined }),
    })),
    ...history.actions.map((entry) => ({
      at: entry.at,
      line: historyAction(tr, {
        time: tr.format.stamp(entry.at),
        action: entry.action,
        who: actorName(tr, entry.actor),
        result: resultWords(tr, entry),
      }),
    })),
  ];
  // Stable: a status and the action that caused it, recorded in the same millisecond, keep statuses first.
  dated.sort((a, b) => a.at - b.at);
  const build = (shown: typeof dated) => {
    const more = dated.length - shown.length;
    const entries =
      shown.length === 0 ? [historyEmpty(tr)] : [...(more > 0 ? [historyMore(tr, { more })] : []), ...shown.map((item) => item.line)];
    return historyText({ title: historyTitle(tr, { orderId }), entries, messages: historyMessages(tr, { messages: history.messages }) });
  };
  // A long history keeps its newest entries within one message.
  let shown = dated;
  let text = build(shown);
  while (text.length > TELEGRAM_TEXT_LIMIT && shown.length > 1) {
    shown = shown.slice(Math.ceil(shown.length / 5));
    text = build(shown);
  }
  return text;
}
