/**
 * Each chat's last successful read is kept in the database: a young chat's silence is observed only up to it
 * (chat-schedule.ts), and a restarted engine must not take a chat it read empty a minute ago for one never read.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createQueries } from '../../src/db/queries.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { readPriority } from '../../src/sync/chats/chat-schedule.ts';
import { chatWatchRules, engineSettings } from '../../src/sync/run/wiring.ts';
import { createHarness, type Harness } from './harness.ts';

const SECOND = 1_000;
const T = 1_800_000_000_000;

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

it('keeps a chat’s last read across a restart, and the restarted schedule counts its silence up to it', async () => {
  const order = h.sandbox.control.createOrder({ status: 'processing' }).id as OrderId;
  let clock = T;
  const engine = h.engine({ now: () => clock });
  await engine.pollNow();
  clock = T + 60 * SECOND;
  await engine.pollNow();
  expect(createQueries(h.db).cursors.get(order)?.lastReadAt).toBe(T + 60 * SECOND);
  await engine.stop();

  clock = T + 90 * SECOND;
  const { engine: restarted, db } = h.restart({ now: () => clock });
  const cursors = createQueries(db).cursors;
  const kept = cursors.get(order);
  expect(kept?.firstSeenAt).toBe(T);
  expect(kept?.lastReadAt).toBe(T + 60 * SECOND);

  // The restarted engine's rules: a young chat (first seen 90 s ago, silent) as warm as the average chat, less by
  // e every 2.5 min of silence observed up to its last read — 60 s here, none if the read were forgotten.
  const rules = chatWatchRules(engineSettings(30, {}));
  const cursor = { ...(kept as NonNullable<typeof kept>), nextReadAt: clock - 30 * SECOND };
  const meanHeat = 1;
  const observed = readPriority(cursor, clock, rules, 0, meanHeat);
  const forgotten = readPriority({ ...cursor, lastReadAt: undefined }, clock, rules, 0, meanHeat);
  expect(observed).toBeCloseTo(
    30_000 / (30 * Math.sqrt(rules.hotHeat / Math.exp((-60 * rules.hotHeat) / (rules.hotWindowMs / SECOND)))),
    6,
  );
  expect(observed).toBeLessThan(forgotten);

  clock = T + 120 * SECOND;
  await restarted.pollNow();
  expect(cursors.get(order)?.lastReadAt).toBe(T + 120 * SECOND);
});
