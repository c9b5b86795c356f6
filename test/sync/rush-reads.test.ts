/**
 * A rush in the engine: once reads find buyers of five chats writing at once, the chats active within the last
 * 20 min are read next, in the same cycle, though their schedule has them cooling, and then the others up to the
 * rush's most. On a clock the test moves, against the sandbox store.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createQueries } from '../../src/db/queries.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import type { SyncEngineOptions } from '../../src/sync/engine.ts';
import { defaultTuning } from '../../src/sync/run/tuning.ts';
import { MINUTE, NOW, SECOND } from '../support/schedule-rules.ts';
import { createHarness, type Harness } from './harness.ts';

const INTERVAL = 10 * SECOND;

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

/** Which of the chats a buyer wrote in 13 min before were read in the cycle that found five others writing at once. */
async function readAfterFiveWrite(overrides: Partial<SyncEngineOptions>): Promise<{
  talked: OrderId[];
  readNext: OrderId[];
  silentNotDue: OrderId[];
  silentReadNext: OrderId[];
  changedReadNext: boolean;
  /** Of `talked`, those read again in the cycle after. */
  readAgain: OrderId[];
  /** Of `silentNotDue`, those read in the cycle after. */
  silentReadAgain: OrderId[];
}> {
  const { control } = h.sandbox;
  const order = () => control.createOrder({ status: 'processing' }).id as OrderId;
  const talked = Array.from({ length: 3 }, order);
  const writing = Array.from({ length: 5 }, order);
  // Changed at the store after the buyers above wrote: active more recently, though nobody wrote.
  const changed = order();
  const cursors = createQueries(h.db).cursors;
  let clock = NOW;
  const engine = h.engine({ now: () => clock, pollIntervalMs: INTERVAL, pollNowLookaheadMs: 0, ...overrides });
  const write = (orderId: OrderId) => control.postBuyerMessage(orderId, 'hello?', { createdAt: new Date(clock).toISOString() });
  const cycle = async () => {
    clock += INTERVAL;
    await engine.pollNow();
  };

  await engine.pollNow();
  while (clock < NOW + MINUTE) await cycle();
  for (const orderId of talked) write(orderId);
  while (clock < NOW + 2 * MINUTE) await cycle();
  control.setOrderStatus(changed, 'awaiting_confirmation');
  // Silent since they were made, long before the clock's start: beyond a rush's reach. Found later than the
  // others, so on a schedule of their own.
  const silent = Array.from({ length: 4 }, order);
  // The five writers, untouched since the start, share one schedule: they write just before their next read.
  while (clock < NOW + 14 * MINUTE || clock + INTERVAL < (cursors.get(writing[0] as OrderId)?.nextReadAt as number)) await cycle();
  expect(new Set(writing.map((orderId) => cursors.get(orderId)?.nextReadAt)).size).toBe(1);
  for (const orderId of writing) write(orderId);
  // Not due in the next two cycles: a read of one there is the rush's.
  const silentNotDue = silent.filter((orderId) => (cursors.get(orderId)?.nextReadAt as number) > clock + 2 * INTERVAL);
  await cycle();
  expect(h.sink.messages().filter((event) => writing.includes(event.orderId as OrderId))).toHaveLength(5);
  const readNow = (orderId: OrderId) => cursors.get(orderId)?.lastReadAt === clock;
  const found = {
    talked,
    readNext: talked.filter(readNow),
    silentNotDue,
    silentReadNext: silentNotDue.filter(readNow),
    changedReadNext: readNow(changed),
  };
  await cycle();
  return { ...found, readAgain: talked.filter(readNow), silentReadAgain: silentNotDue.filter(readNow) };
}

it('reads every chat active within 20 min once, in the same cycle, when five chats write at once, and the silent ones too', async () => {
  const { talked, readNext, silentNotDue, silentReadNext, readAgain } = await readAfterFiveWrite({});
  expect(readNext).toEqual(talked);
  // Once: the next cycle leaves them to their schedule.
  expect(readAgain).toEqual([]);
  expect(silentNotDue.length).toBeGreaterThan(0);
  expect(silentReadNext).toEqual(silentNotDue);
});

it('reads the chats with messages first, then those with other activity, then the silent ones, up to its most in all', async () => {
  const everything = await readAfterFiveWrite({});
  expect(everything.changedReadNext).toBe(true);
  await h.close();
  h = await createHarness();
  const four = await readAfterFiveWrite({ rushMaxChats: 4 });
  expect(four.readNext).toEqual(four.talked);
  expect(four.changedReadNext).toBe(true);
  expect(four.silentReadNext).toEqual([]);
  // Its most is for the whole rush: the cycle after does not read the next four.
  expect(four.silentReadAgain).toEqual([]);
});

it('leaves those chats to their cooling schedule when five chats at once are not a rush', async () => {
  const { talked, readNext } = await readAfterFiveWrite({ rushChats: 6 });
  expect(talked).toHaveLength(3);
  expect(readNext).toEqual([]);
});

it('reads again a chat the pass read just before the burst reached it', async () => {
  const { control } = h.sandbox;
  const order = () => control.createOrder({ status: 'processing' }).id as OrderId;
  const writing = Array.from({ length: 5 }, order);
  const talking = order();
  const cursors = createQueries(h.db).cursors;
  let clock = NOW;
  const engine = h.engine({ now: () => clock, pollIntervalMs: INTERVAL, pollNowLookaheadMs: 0 });
  const write = (orderId: OrderId, text = 'hello?') =>
    control.postBuyerMessage(orderId, text, { createdAt: new Date(clock).toISOString() });
  const cycle = async () => {
    clock += INTERVAL;
    await engine.pollNow();
  };
  await engine.pollNow();
  while (clock < NOW + 12 * MINUTE) await cycle();
  // A conversation read every interval, ahead of the five when they fall due together.
  while (clock < NOW + 13 * MINUTE || clock + INTERVAL < (cursors.get(writing[0] as OrderId)?.nextReadAt as number)) {
    if ((clock / INTERVAL) % 3 === 0) write(talking);
    await cycle();
  }
  for (const orderId of writing) write(orderId);
  // Its buyer writes too, a moment after the pass read the chat: when the line that starts the rush is relayed.
  let readFirst = false;
  const relayed = new Set<string>();
  h.sink.refuse = (event) => {
    if (event.kind === 'messageArrived' && writing.includes(event.orderId as OrderId)) relayed.add(event.orderId);
    if (relayed.size === defaultTuning(INTERVAL).rushChats) {
      h.sink.refuse = undefined;
      readFirst = cursors.get(talking)?.lastReadAt === clock;
      // The pass takes time: the rush begins a second after that read.
      clock += SECOND;
      write(talking, 'me too');
    }
    return false;
  };
  const readBefore = cursors.get(talking)?.lastReadAt;
  // An interval late, so each is overdue by as much: the conversation, on the shorter period, is read first.
  clock += INTERVAL;
  await cycle();
  expect(readBefore).toBeLessThan(clock - SECOND);
  expect(readFirst).toBe(true);
  expect(h.sink.messages(talking).map((event) => event.text)).toContain('me too');
});
