/**
 * Texts of roles and of the audit trail: what staff are refused, the card's "taken by Anna · 14:02" lines, and the
 * history /order shows. Times come in already formatted (`tr.format.clock`, `tr.format.stamp`) in the bot's time zone.
 */
import { join, lines, truncate, type Html } from '../helpers/html.ts';
import { idCode } from './format.ts';
import { statusInWords } from './order-card.ts';
import type { Translator } from './translator.ts';

/** A button answer: plain text, at most 200 characters. */
export const staffCancelRefused = (tr: Translator) => tr.text('staff-cancel-refused');
export const staffRefused = (tr: Translator) => tr.text('staff-refused');

/** /start's line for a staff member. */
export const startUserStaff = (tr: Translator, { userId }: { userId: number }): Html =>
  tr.html('staff-start-user-staff', { userId: String(userId) });

/** Who did it, as a card line names them: a person's display name, or the bot and why it acted. */
export const actorPerson = ({ name }: { name: string }): string => truncate(name, 40);
/** `source` as the audit records it: why the bot acted, then the template it sent if any (`autoreply faq-delivery`). */
export const actorBot = (tr: Translator, { source }: { source: string }): string => {
  const [why = '', ...template] = source.split(' ');
  const name = template.join(' ');
  return tr.text('staff-actor-bot', { source: truncate(why, 30), template: name === '' ? '' : ` ${truncate(name, 30)}` });
};

/** One card line per recent action: `taken by Anna · 14:02`, `cancel by Bob failed (ORDER_INVALID_STATUS) · 14:05`. */
export const auditLine = (
  tr: Translator,
  { action, who, time, failedCode }: { action: string; who: string; time: string; failedCode?: string | undefined },
): Html =>
  failedCode === undefined
    ? tr.html('staff-audit-line', { action: truncate(action, 30), who, time })
    : tr.html('staff-audit-line-failed', { action: truncate(action, 30), who, code: truncate(failedCode, 40), time });

// ---- /order <id>: the history ----

export const historyTitle = (tr: Translator, { orderId }: { orderId: string }): Html =>
  tr.html('staff-history-title', { orderId: idCode(orderId) });
export const historyStatus = (tr: Translator, { time, status, first }: { time: string; status: string; first: boolean }): Html =>
  tr.html('staff-history-status', { time, status: statusInWords(tr, status), first: first ? 'yes' : 'no' });
export const historyAction = (
  tr: Translator,
  { time, action, who, result }: { time: string; action: string; who: string; result: string },
): Html => tr.html('staff-history-action', { time, action: truncate(action, 30), who, result: truncate(result, 60) });
/** What came of an action: a select on the audit's result; a failure names the store's code. */
export const historyResult = (tr: Translator, { result, code }: { result: string; code: string }): string =>
  tr.text('staff-history-result', { result, code });
export const historyMessages = (tr: Translator, { messages }: { messages: number }): Html =>
  tr.html('staff-history-messages', { messages });
export const historyEmpty = (tr: Translator): Html => tr.html('staff-history-empty');
export const historyMore = (tr: Translator, { more }: { more: number }): Html => tr.html('staff-history-more', { more });
export const historyText = ({ title, entries, messages }: { title: Html; entries: readonly Html[]; messages: Html }): Html =>
  join([title, lines(entries), messages], '\n\n');
