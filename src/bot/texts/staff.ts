/**
 * Texts of roles and of the audit trail: what staff are refused, the card's "taken by Anna · 14:02" lines, and the
 * history /order shows. Times come in already formatted (`HH:MM`, `YYYY-MM-DD HH:MM`) in the bot's time zone.
 */
import type { Translator } from './translator.ts';
import { bold, code, join, lines, text, truncate, type Html } from '../helpers/html.ts';
import { count, idCode } from './format.ts';
import { statusInWords } from './order-card.ts';

/** A button answer: plain text, at most 200 characters. */
export const staffCancelRefused = 'Only an admin can cancel and refund an order. Ask an admin.';
export const staffRefused = 'Only an admin can do this. Staff may take, deliver, reply and use /orders, /order and /stats.';

/** /start's line for a staff member. */
export const startUserStaff = ({ userId }: { userId: number }): Html =>
  join(['✓ You (user ', code(String(userId)), ') are staff: you may take, deliver and reply; an admin cancels.']);

/** Who did it, as a card line names them: a person's display name, or the bot and why it acted. */
export const actorPerson = ({ name }: { name: string }): string => truncate(name, 40);
export const actorBot = ({ source }: { source: string }): string => `bot (${truncate(source, 30)})`;

const DONE_WORDS: Record<string, string> = {
  take: 'taken',
  deliver: 'delivered',
  cancel: 'cancelled',
  message: 'answered',
  replace: 'item replaced',
};
const doneInWords = (action: string) => DONE_WORDS[action] ?? truncate(action, 30);

/** One card line per recent action: `taken by Anna · 14:02`, `cancel by Bob failed (ORDER_INVALID_STATUS) · 14:05`. */
export const auditLine = ({
  action,
  who,
  time,
  failedCode,
}: {
  action: string;
  who: string;
  time: string;
  failedCode?: string | undefined;
}): Html =>
  failedCode === undefined
    ? text(`${doneInWords(action)} by ${who} · ${time}`)
    : text(`${truncate(action, 30)} by ${who} failed (${truncate(failedCode, 40)}) · ${time}`);

// ---- /order <id>: the history ----

export const historyTitle = ({ orderId }: { orderId: string }): Html => join(['🕓 ', bold('History of order'), ' ', idCode(orderId)]);
export const historyStatus = (tr: Translator, { time, status, first }: { time: string; status: string; first: boolean }): Html =>
  text(`${time} · ${first ? 'seen as' : 'became'} ${statusInWords(tr, status)}`);
export const historyAction = ({ time, action, who, result }: { time: string; action: string; who: string; result: string }): Html =>
  text(`${time} · ${truncate(action, 30)} by ${who}: ${truncate(result, 60)}`);
export const historyResultOk = 'done';
export const historyResultPending = 'in progress';
export const historyResultRefused = 'refused (admins only)';
export const historyResultFailed = ({ code }: { code: string }): string => `failed (${code})`;
export const historyMessages = ({ messages }: { messages: number }): Html => text(`💬 ${count(messages, 'chat message')}`);
export const historyEmpty: Html = text('Nothing recorded yet.');
export const historyMore = ({ more }: { more: number }): Html => text(`…and ${count(more, 'older entry')} not shown`);
export const historyText = ({ title, entries, messages }: { title: Html; entries: readonly Html[]; messages: Html }): Html =>
  join([title, lines(entries), messages], '\n\n');
