/**
 * A card's edits and the Telegram queue: a status change that arrives while the card's previous edit is being sent
 * reaches Telegram (the row sent is not marked done with newer contents in it), and a queued edit never shows an
 * order older than what sync knows when it goes out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createQueueDelivery } from '../../src/bot/sink/queue-delivery.ts';
import { createQueuedSink } from '../../src/bot/sink/queued-sink.ts';
import type { SinkDelivery } from '../../src/bot/sink/sink-delivery.ts';
import { createTelegramDrainer, DEFAULT_DRAINER, type TelegramDrainer } from '../../src/bot/sink/telegram-drainer.ts';
import type { ChatBinding } from '../../src/bot/storage/chat-binding.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { createTelegramQueueQueries, type TelegramQueueQueries } from '../../src/db/telegram-queue.ts';
import { OrderSchema, type Order, type OrderStatus } from '../../src/seller-api/schemas.ts';
import type { SyncForBot, SyncSink } from '../../src/sync/contract.ts';
import { en } from '../support/texts.ts';
import { eventually } from './harness.ts';

const silent = pino({ level: 'silent' });
let dir: string;
let db: SqliteDatabase;
let queue: TelegramQueueQueries;
let drainer: TelegramDrainer;
let sink: SyncSink;
/** Each card refresh's status, in the order they reached "Telegram". */
let shown: OrderStatus[];
let release: () => void;
/** What sync knows of the order now. */
let known: Order | undefined;

const order = (status: OrderStatus) => OrderSchema.parse({ id: 'ord_race', status, productTitle: 'Key' });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'edit-race-'));
  db = openDatabase(join(dir, 'db.sqlite'), { logger: silent });
  queue = createTelegramQueueQueries(db);
  shown = [];
  known = undefined;
  let first = true;
  const blocked = new Promise<void>((resolve) => {
    release = resolve;
  });
  const delivery = {
    refreshCard: async (shownOrder: Order) => {
      // The first edit is in flight until the test releases it.
      if (first) {
        first = false;
        await blocked;
      }
      shown.push(shownOrder.status);
      return [];
    },
  } as unknown as SinkDelivery;
  const engine = { lastSeenOrder: () => known, linkTelegramMessage: () => undefined } as unknown as SyncForBot;
  const binding = { requireChatId: async () => -100, requireChatOf: async () => -100 } as unknown as ChatBinding;
  const deliver = createQueueDelivery({
    delivery,
    deliverNotice: async () => undefined,
    binding,
    engine: () => engine,
    store: queue,
    tr: en,
  });
  drainer = createTelegramDrainer({
    store: queue,
    deliver,
    engine: () => engine,
    options: { ...DEFAULT_DRAINER, idlePollMs: 5 },
    now: Date.now,
    logger: silent,
    secrets: [],
  });
  sink = createQueuedSink({ store: queue, drainer, actionSettled: async () => undefined, binding, tr: en, maxPending: 100, now: Date.now });
  drainer.start();
});
afterEach(async () => {
  release();
  await drainer.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a status change queued while the previous edit of the card is being sent still reaches the card', async () => {
  await sink.orderChanged(order('processing'), 'paid');
  await eventually(() => expect(queue.pending()).toBe(1));
  // The drainer has taken the edit and is sending it; the next change arrives meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await sink.orderChanged(order('awaiting_confirmation'), 'processing');
  release();
  await eventually(() => expect(queue.pending()).toBe(0));
  expect(shown.at(-1)).toBe('awaiting_confirmation');
});

it('a queued edit shows the order as sync knows it when it goes out, never an older state', async () => {
  release();
  known = order('awaiting_confirmation');
  // Queued when the order was processing; a seller action moved it on (and refreshed the card) before it drained.
  await sink.orderChanged(order('processing'), 'paid');
  await eventually(() => expect(queue.pending()).toBe(0));
  expect(shown).toEqual(['awaiting_confirmation']);
});
