/** The reminders' and staff texts of `everything()` (texts-i18n.test.ts): every wording, plural and select of them. */
import { join, type Html } from '../../src/bot/helpers/html.ts';
import * as reminders from '../../src/bot/texts/reminders.ts';
import * as staff from '../../src/bot/texts/staff.ts';
import type { Translator } from '../../src/bot/texts/translator.ts';
import type { OrderId, ProductId } from '../../src/seller-api/schemas.ts';

export function remindersAndStaff(
  tr: Translator,
  { orderId, nasty, at }: { orderId: OrderId; nasty: string; at: number },
): [string, Html | string][] {
  const texts: [string, Html | string][] = [];
  const due = { orderId, productTitle: nasty, waitedMs: 14.6 * 60_000, inMs: 20_000, url: 'https://t.me/c/1/2?a=1&b=2' };
  texts.push(
    ['reminder untaken', reminders.untakenReminder(tr, { ...due, nth: 1, of: 3 })],
    ['reminder unanswered', reminders.unansweredReminder(tr, { ...due, productTitle: undefined, waitedMs: 1500 * 60_000 })],
    ['reminder auto-cancel', reminders.autoCancelWarning(tr, due)],
  );
  for (const items of [1, 3, 5, 21]) texts.push([`reminders ${items}`, reminders.groupedHeader(tr, { items })]);
  texts.push(
    ['grouped untaken', reminders.groupedUntaken(tr, due)],
    ['grouped unanswered', reminders.groupedUnanswered(tr, { ...due, url: undefined })],
    ['grouped auto-cancel', reminders.groupedAutoCancel(tr, { ...due, productTitle: undefined })],
    ['grouped more', reminders.groupedMore(tr, { more: 10 })],
  );
  texts.push(
    ['grouped footers', reminders.groupedFooter(tr, { withButtons: true })],
    ['grouped footer', reminders.groupedFooter(tr, { withButtons: false })],
    ['take order button', reminders.takeOrderButton(tr, { orderId })],
  );
  for (const sorrySent of [true, false])
    texts.push([`auto-cancelled ${sorrySent}`, reminders.autoCancelled(tr, { ...due, minutesSet: 7.5, sorrySent })]);
  for (const code of ['ORDER_INVALID_STATUS', 'RATE_LIMIT', undefined])
    texts.push([`auto-cancel failed ${code}`, reminders.autoCancelFailed(tr, { orderId, code })]);
  const productId = 'prod_<1>' as ProductId;
  texts.push(
    ['autocancel unavailable', reminders.autocancelUnavailable(tr)],
    ['autocancel usage', reminders.autocancelUsage(tr)],
    ['autocancel bad minutes', reminders.autocancelBadMinutes(tr, { max: 10_080 })],
    ['autocancel none', reminders.autocancelNone(tr)],
  );
  for (const products of [1, 2, 5]) texts.push([`autocancel ${products}`, reminders.autocancelListHeader(tr, { products })]);
  texts.push(
    ['autocancel item', reminders.autocancelListItem(tr, { productId, minutesSet: 1234.5 })],
    ['autocancel set', reminders.autocancelSet(tr, { productId, minutesSet: 30, unchecked: true })],
    ['autocancel unknown', reminders.autocancelUnknownProduct(tr, { productId })],
  );
  for (const wasOn of [true, false]) texts.push([`autocancel off ${wasOn}`, reminders.autocancelOff(tr, { productId, wasOn })]);
  texts.push(
    ['staff refused', `${staff.staffCancelRefused(tr)} | ${staff.staffRefused(tr)}`],
    ['user staff', staff.startUserStaff(tr, { userId: 1234567 })],
    [
      'actors',
      `${staff.actorPerson({ name: nasty })} | ${staff.actorBot(tr, { source: 'stock' })} | ${staff.actorBot(tr, { source: 'autocancel' })} | ${staff.actorBot(tr, { source: 'bridge' })}`,
    ],
    [
      'actors automatic',
      `${staff.actorBot(tr, { source: 'autoreply faq-delivery' })} | ${staff.actorBot(tr, { source: 'away' })} | ${staff.actorBot(tr, { source: 'template greeting' })} | ${staff.actorBot(tr, { source: 'later x' })}`,
    ],
  );
  const who = staff.actorPerson({ name: 'Anna <3' });
  for (const action of ['take', 'deliver', 'cancel', 'message', 'replace', 'x<y>'])
    texts.push(
      [`audit ${action}`, staff.auditLine(tr, { action, who, time: tr.format.clock(at) })],
      [`audit ${action} failed`, staff.auditLine(tr, { action, who, time: tr.format.clock(at), failedCode: 'ORDER_INVALID_STATUS' })],
    );
  const time = tr.format.stamp(at);
  const results = ['ok', 'pending', 'refused', 'failed'].map((result) => staff.historyResult(tr, { result, code: 'RATE_LIMIT' }));
  const entries = [
    staff.historyMore(tr, { more: 21 }),
    staff.historyStatus(tr, { time, status: 'paid', first: true }),
    staff.historyStatus(tr, { time, status: 'processing', first: false }),
    ...results.map((result) => staff.historyAction(tr, { time, action: 'cancel', who, result })),
  ];
  for (const [more, messages] of [
    [1, 1],
    [3, 2],
    [5, 5],
  ] as const)
    texts.push([
      `history more ${more}/${messages}`,
      join([staff.historyMore(tr, { more }), staff.historyMessages(tr, { messages })], ' | '),
    ]);
  const title = staff.historyTitle(tr, { orderId });
  texts.push(
    ['history', staff.historyText({ title, entries, messages: staff.historyMessages(tr, { messages: 21 }) })],
    [
      'history empty',
      staff.historyText({ title, entries: [staff.historyEmpty(tr)], messages: staff.historyMessages(tr, { messages: 0 }) }),
    ],
  );
  return texts;
}
