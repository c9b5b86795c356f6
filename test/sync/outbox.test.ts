/**
 * Seller actions through the outbox against the sandbox: double taps act once, one idempotency key per action
 * across retries and restarts, posts that may have reached the store are not re-sent blindly, definitive
 * refusals end the action with the order re-read, and a refused key keeps actions queued.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActionTicket } from '../../src/core/actions.ts';
import type { ActionOptions, SellerApi } from '../../src/seller-api/api.ts';
import { SellerApiError } from '../../src/seller-api/errors.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { createHarness, createPaidOrder, eventually, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const paidOrder = () => createPaidOrder(h);
const routeCount = (route: string) => h.sandbox.control.stats().byRoute[route] ?? 0;
const lostAnswer = () => new SellerApiError('TRANSPORT', 'connection reset after the request was sent', { mayHaveReachedServer: true });

/** Outcome reports wait (a Telegram chat busy with a backlog) until the returned function is called. */
function slowTelegram(): () => void {
  let release = () => {};
  const telegramBusy = new Promise<void>((resolve) => {
    release = resolve;
  });
  const record = h.sink.actionSettled.bind(h.sink);
  h.sink.actionSettled = async (outcome) => {
    await telegramBusy;
    await record(outcome);
  };
  return release;
}

/** Two paid orders, an engine that has announced them, and outcome reports held until `release`. */
async function twoOrdersSlowTelegram() {
  const a = paidOrder();
  const b = paidOrder();
  const engine = h.engine();
  await engine.pollNow();
  return { a, b, engine, release: slowTelegram() };
}

const expectReportedInOrder = (...tickets: ActionTicket[]) =>
  expect(h.sink.outcomes.map((outcome) => [outcome.actionId, outcome.ok])).toEqual(tickets.map((ticket) => [ticket.actionId, true]));

describe('double submissions', () => {
  it('acts once at the store for a double-tapped take, deliver and cancel, with one shared ticket each', async () => {
    const a = paidOrder();
    const b = paidOrder();
    const engine = h.engine();
    await engine.pollNow();

    const take1 = engine.enqueue({ kind: 'take', orderId: a });
    const take2 = engine.enqueue({ kind: 'take', orderId: a });
    const cancel1 = engine.enqueue({ kind: 'cancel', orderId: b });
    const cancel2 = engine.enqueue({ kind: 'cancel', orderId: b });
    expect(take2).toEqual({ ...take1, deduplicated: true });
    expect(cancel2.actionId).toBe(cancel1.actionId);
    expect(cancel2.idempotencyKey).toBe(cancel1.idempotencyKey);
    await engine.pollNow();

    // Tapped again after it succeeded: still the same action, nothing sent.
    const take3 = engine.enqueue({ kind: 'take', orderId: a });
    expect(take3).toMatchObject({ actionId: take1.actionId, deduplicated: true, state: 'succeeded' });
    const deliver1 = engine.enqueue({ kind: 'deliver', orderId: a, value: 'KEY-123' });
    const deliver2 = engine.enqueue({ kind: 'deliver', orderId: a, value: 'KEY-123' });
    expect(deliver2.actionId).toBe(deliver1.actionId);
    await engine.pollNow();
    await engine.pollNow();

    expect(routeCount('POST /orders/{id}/take')).toBe(1);
    expect(routeCount('POST /orders/{id}/deliver')).toBe(1);
    expect(routeCount('POST /orders/{id}/cancel')).toBe(1);
    expect(h.sandbox.control.order(a)).toMatchObject({ status: 'awaiting_confirmation', deliveredValue: 'KEY-123' });
    expect(h.sandbox.control.order(b)).toMatchObject({ status: 'cancelled', refunded: true });
    expect(h.sink.outcomes.map((outcome) => [outcome.actionId, outcome.ok])).toEqual([
      [take1.actionId, true],
      [cancel1.actionId, true],
      [deliver1.actionId, true],
    ]);
    // The bridge's own changes are not reported back as changes from elsewhere.
    expect(h.sink.changes()).toEqual([]);
    expect(engine.lastSeenOrder(a)?.status).toBe('awaiting_confirmation');
  });

  it('runs the next action while an earlier outcome is still being reported (a slow Telegram chat)', async () => {
    const { a, b, engine, release } = await twoOrdersSlowTelegram();
    const takeA = engine.enqueue({ kind: 'take', orderId: a });
    const takeB = engine.enqueue({ kind: 'take', orderId: b });
    const drained = engine.pollNow();
    // Both takes reach the store while the first outcome's report still waits for Telegram.
    await eventually(() => expect(routeCount('POST /orders/{id}/take')).toBe(2));
    expect(h.sink.outcomes).toEqual([]);
    release();
    await drained;
    // Every outcome reported once, in the order the actions ran.
    expectReportedInOrder(takeA, takeB);
  });

  it('runs an action queued after an earlier pass while that pass’s outcome is still being reported (a busy group)', async () => {
    const { a, b, engine, release } = await twoOrdersSlowTelegram();
    const takeA = engine.enqueue({ kind: 'take', orderId: a });
    const first = engine.pollNow();
    await eventually(() => expect(routeCount('POST /orders/{id}/take')).toBe(1));
    // A new order's Take (auto-delivery) or the seller's next tap: it does not wait for the edit of the one before.
    const takeB = engine.enqueue({ kind: 'take', orderId: b });
    const second = engine.pollNow();
    await eventually(() => expect(routeCount('POST /orders/{id}/take')).toBe(2));
    expect(h.sink.outcomes).toEqual([]);
    release();
    await Promise.all([first, second]);
    expectReportedInOrder(takeA, takeB);
  });

  it('treats a repeated Telegram update as one message action', async () => {
    const a = paidOrder();
    const engine = h.engine();
    await engine.pollNow();
    const origin = { chatId: 42, messageId: 7 };
    const first = engine.enqueue({ kind: 'message', orderId: a, text: 'hello', origin });
    const again = engine.enqueue({ kind: 'message', orderId: a, text: 'hello', origin });
    const other = engine.enqueue({ kind: 'message', orderId: a, text: 'hello', origin: { chatId: 42, messageId: 8 } });
    expect(again).toMatchObject({ actionId: first.actionId, deduplicated: true });
    expect(other.deduplicated).toBe(false);
    await engine.pollNow();
    expect(h.sandbox.control.messages(a).map((message) => message.text)).toEqual(['hello', 'hello']);
  });

  it('runs a double tap once while the engine is running, woken by enqueue rather than the poll tick', async () => {
    const a = paidOrder();
    const engine = h.engine({ pollIntervalMs: 2_000 });
    await engine.pollNow();
    engine.start();
    await eventually(() => expect(engine.status().lastSuccessfulPollAt).toBeDefined());
    const started = Date.now();
    engine.enqueue({ kind: 'take', orderId: a });
    engine.enqueue({ kind: 'take', orderId: a });
    await eventually(() => expect(h.sandbox.control.order(a)?.status).toBe('processing'), 1_500, 5);
    expect(Date.now() - started).toBeLessThan(1_000);
    await eventually(() => expect(h.sink.outcomes).toHaveLength(1));
    expect(routeCount('POST /orders/{id}/take')).toBe(1);
  });
});

describe('retries', () => {
  it('reuses one idempotency key on every attempt and reports "queued" once', async () => {
    const a = paidOrder();
    const keys: (string | undefined)[] = [];
    let failures = 2;
    const flaky: SellerApi = {
      ...h.api,
      takeOrder: async (id: OrderId, options?: ActionOptions) => {
        keys.push(options?.idempotencyKey);
        const order = await h.api.takeOrder(id, options);
        // The store acted, but the answer is lost on the way back.
        if (failures-- > 0) throw lostAnswer();
        return order;
      },
    };
    const engine = h.engine({ api: flaky });
    await engine.pollNow();
    const ticket = engine.enqueue({ kind: 'take', orderId: a });
    for (let n = 0; n < 6 && h.sink.outcomes.at(-1)?.ok !== true; n++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await engine.pollNow();
    }

    expect(keys).toHaveLength(3);
    expect(new Set(keys)).toEqual(new Set([ticket.idempotencyKey]));
    expect(h.sink.outcomes.map((outcome) => outcome.ok)).toEqual(['queued', true]);
    expect(h.sandbox.control.order(a)?.status).toBe('processing');
    expect(h.sink.changes()).toEqual([]);
  });

  it('keeps a queued action across a restart and sends it with the same key', async () => {
    const a = paidOrder();
    const engine = h.engine();
    await engine.pollNow();
    h.sandbox.control.breakApi('http503');
    const ticket = engine.enqueue({ kind: 'take', orderId: a });
    await engine.pollNow();
    expect(h.sink.outcomes).toMatchObject([{ ok: 'queued', actionId: ticket.actionId }]);
    expect(engine.status().outboxDepth).toBe(1);

    h.sandbox.control.heal();
    const keys: (string | undefined)[] = [];
    const restarted = h.restart();
    const recording: SellerApi = {
      ...restarted.api,
      takeOrder: (id, options) => {
        keys.push(options?.idempotencyKey);
        return restarted.api.takeOrder(id, options);
      },
    };
    const engine2 = h.restart({ api: recording }).engine;
    await new Promise((resolve) => setTimeout(resolve, 30));
    await engine2.pollNow();
    expect(keys).toEqual([ticket.idempotencyKey]);
    expect(h.sink.outcomes.map((outcome) => outcome.ok)).toEqual(['queued', true]);
    expect(engine2.status().outboxDepth).toBe(0);
  });
});

describe('chat posts that may have reached the store', () => {
  it('is not posted again when the chat shows it arrived', async () => {
    const a = paidOrder();
    let loseAnswer = true;
    const api: SellerApi = {
      ...h.api,
      postMessage: async (id, text, options) => {
        const message = await h.api.postMessage(id, text, options);
        if (loseAnswer) {
          loseAnswer = false;
          throw lostAnswer();
        }
        return message;
      },
    };
    const engine = h.engine({ api, hotWindowMs: 0 });
    await engine.pollNow();
    const ticket = engine.enqueue({ kind: 'message', orderId: a, text: 'Here is your key' });
    await engine.pollNow();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await engine.pollNow();
    await engine.pollNow();

    const posted = h.sandbox.control.messages(a);
    expect(posted.map((message) => message.text)).toEqual(['Here is your key']);
    expect(h.sink.outcomes.filter((outcome) => outcome.actionId === ticket.actionId).map((outcome) => outcome.ok)).toEqual([
      'queued',
      true,
    ]);
    expect(h.sink.outcomes.at(-1)).toMatchObject({ ok: true, messageId: posted[0]?.id });
    expect(h.sink.messages()).toEqual([]);
  });

  it('is posted again when the chat shows it never arrived', async () => {
    const a = paidOrder();
    let failFirst = true;
    const api: SellerApi = {
      ...h.api,
      postMessage: async (id, text, options) => {
        if (failFirst) {
          failFirst = false;
          throw lostAnswer();
        }
        return h.api.postMessage(id, text, options);
      },
    };
    const engine = h.engine({ api });
    await engine.pollNow();
    engine.enqueue({ kind: 'message', orderId: a, text: 'Here is your key' });
    await engine.pollNow();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await engine.pollNow();
    expect(h.sandbox.control.messages(a).map((message) => message.text)).toEqual(['Here is your key']);
    expect(h.sink.outcomes.map((outcome) => outcome.ok)).toEqual(['queued', true]);
  });
});

describe('definitive refusals', () => {
  it('ends the action and reports the code with the order as re-read', async () => {
    const a = paidOrder();
    const engine = h.engine();
    await engine.pollNow();
    h.sandbox.control.setOrderStatus(a, 'cancelled');
    const take = engine.enqueue({ kind: 'take', orderId: a });
    const missing = engine.enqueue({ kind: 'take', orderId: 'ord_missing' as OrderId });
    await engine.pollNow();

    expect(h.sink.outcomes).toContainEqual(
      expect.objectContaining({
        actionId: take.actionId,
        ok: false,
        code: 'ORDER_INVALID_STATUS',
        order: expect.objectContaining({ status: 'cancelled' }),
      }),
    );
    expect(h.sink.outcomes).toContainEqual(expect.objectContaining({ actionId: missing.actionId, ok: false, code: 'ORDER_NOT_FOUND' }));
    expect(engine.status().outboxDepth).toBe(0);
    // A failed take is over: tapping again queues a new action.
    expect(engine.enqueue({ kind: 'take', orderId: a }).deduplicated).toBe(false);
  });

  it('keeps actions queued while the store refuses the key, and says so in the status', async () => {
    const a = paidOrder();
    const engine = h.engine();
    await engine.pollNow();
    h.sandbox.control.revokeKey(h.sandbox.store.apiKey);
    engine.enqueue({ kind: 'take', orderId: a });
    await engine.pollNow();
    expect(h.sink.outcomes).toMatchObject([{ ok: 'queued', code: 'API_KEY_INVALID' }]);
    expect(engine.status()).toMatchObject({ outboxDepth: 1, lastError: { code: 'API_KEY_INVALID' } });
    expect(engine.status().lastError?.message).not.toContain(h.sandbox.store.apiKey);
    expect(h.sandbox.control.order(a)?.status).toBe('paid');
  });
});

/** An engine on a hand-moved clock whose sink refuses every outcome with `refusal` until `accept()`. */
async function refusingOutcomes(refusal: () => Error) {
  const a = paidOrder();
  const clock = { at: Date.now() };
  const engine = h.engine({ now: () => clock.at, sinkRetryBaseMs: 60_000, sinkRetryMaxMs: 600_000 });
  await engine.pollNow();
  const offered: number[] = [];
  const settle = h.sink.actionSettled.bind(h.sink);
  let refusing = true;
  h.sink.actionSettled = async (outcome) => {
    offered.push(outcome.actionId);
    if (refusing) throw refusal();
    return settle(outcome);
  };
  const reported = () => h.sink.outcomes.map((outcome) => [outcome.actionId, outcome.ok]);
  return { a, clock, engine, offered, reported, accept: () => (refusing = false) };
}

describe('outcomes the sink refuses', () => {
  it('one refused on its own (Telegram answers 400) is offered again with a per-action backoff, not on every pass, and reported once the sink takes it', async () => {
    const { a, clock, engine, offered, reported, accept } = await refusingOutcomes(
      () => new Error('TELEGRAM_FAILED: Bad Request: message text is empty'),
    );
    const take = engine.enqueue({ kind: 'take', orderId: a });
    for (let pass = 0; pass < 5; pass++) {
      await engine.pollNow();
      clock.at += 1_000;
    }
    expect(routeCount('POST /orders/{id}/take')).toBe(1);
    expect(offered).toEqual([take.actionId]);

    accept();
    clock.at += 60_000;
    await engine.pollNow();
    await engine.pollNow();
    expect(offered).toEqual([take.actionId, take.actionId]);
    expect(reported()).toEqual([[take.actionId, true]]);
  });

  it('one the sink cannot show at all (the chat refuses the bot) holds with every other event and goes as soon as a probe gets through, not after a backoff of its own', async () => {
    const { a, clock, engine, offered, reported, accept } = await refusingOutcomes(() =>
      Object.assign(new Error('TELEGRAM_CHAT_UNAVAILABLE: Forbidden: bot was blocked by the user'), { sinkUnavailable: true }),
    );
    const take = engine.enqueue({ kind: 'take', orderId: a });
    await engine.pollNow();
    expect(offered).toEqual([take.actionId]);

    // The refused outcome held the sink: a new order's card waits too, and nothing is asked again before the hold ends.
    const b = paidOrder();
    for (let pass = 0; pass < 3; pass++) {
      clock.at += 1_000;
      await engine.pollNow();
    }
    expect(h.sink.appeared()).toEqual([a]);
    expect(offered).toEqual([take.actionId]);

    accept();
    clock.at += 60_000;
    await engine.pollNow();
    expect(h.sink.appeared()).toEqual([a, b]);
    expect(reported()).toEqual([[take.actionId, true]]);
  });
});
