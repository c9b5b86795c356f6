/**
 * Auto-cancel with a rule under a minute, on the real clock: the warning comes at halfway and says the time that is
 * really left, and the cancel comes at the deadline, not at the next reminder tick (here an hour away).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createReminderQueries } from '../../src/db/reminders.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { createBridgeHarness, eventually, type BridgeHarness } from './harness.ts';

const RULE_SECONDS = 4;
let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness({ reminders: { untakenAfterMs: undefined, unansweredAfterMs: undefined, tickMs: 60 * 60_000 } });
});
afterEach(() => h.close());

it('a rule of a few seconds warns at halfway with the seconds left, and cancels within a poll interval of the deadline', async () => {
  const product = h.sandbox.control.products(h.sandbox.store.storeId)[0]?.id as ProductId;
  createReminderQueries(h.db).setRule(product, RULE_SECONDS / 60, undefined, Date.now());
  const { order, card } = await h.createPaidOrder({ productId: product });
  // The bridge saw the order before its card was posted: the deadline is at most this plus the rule.
  const seenAt = Date.now();
  // The pass that runs at start; after it, only the bridge's own scheduling can act before the hour-long tick.
  await h.bridge.remindNow();

  let warnedAt = 0;
  await eventually(() => {
    expect(h.repliesTo(card.messageId).some((message) => message.text.startsWith('⚠️'))).toBe(true);
    warnedAt ||= Date.now();
  }, 10_000);
  const warning = h.repliesTo(card.messageId).find((message) => message.text.startsWith('⚠️'))!;
  const said = /in (\d+) s\b/.exec(warning.text);
  expect(said, warning.text).not.toBeNull();
  expect(Number(said![1])).toBeLessThanOrEqual(RULE_SECONDS / 2 + 1);

  let cancelledAt = 0;
  await eventually(() => {
    expect(h.sandbox.control.order(order.id)?.status).toBe('cancelled');
    cancelledAt ||= Date.now();
  }, 10_000);
  // A poll interval (the rig's) plus the outbox's turn is all the cancel may be late by, with room for a loaded machine.
  expect(cancelledAt - seenAt).toBeLessThan(RULE_SECONDS * 1000 + 1_500);
  expect(warnedAt).toBeLessThan(cancelledAt);
});
