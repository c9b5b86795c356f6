/**
 * Chat watching against the sandbox: messages at a page edge sharing one createdAt, our own posts not relayed
 * back while seller messages written on the store website are, and a refused message never overtaken.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, createPaidOrder, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const paidOrder = () => createPaidOrder(h);
const texts = (orderId?: string) => h.sink.messages(orderId).map((message) => message.text);

describe('buyer messages', () => {
  it('relays three messages sharing one createdAt across a page edge, in order, once', async () => {
    const order = paidOrder();
    // Pages of 3: re-reading from `first` returns [first, same-1, same-2], the page ends inside the group.
    // (A group larger than a whole page cannot be read past with a timestamp cursor: see paging.ts.)
    const engine = h.engine({ messagesPageSize: 3 });
    const { control } = h.sandbox;
    control.postBuyerMessage(order, 'first');
    await engine.pollNow();
    expect(texts(order)).toEqual(['first']);

    // Three messages in one millisecond.
    const at = new Date(Date.now() + 5).toISOString();
    const group = ['same-1', 'same-2', 'same-3'].map((text) => control.postBuyerMessage(order, text, { createdAt: at }));
    await engine.pollNow();
    await engine.pollNow();
    control.postBuyerMessage(order, 'after', { createdAt: new Date(Date.parse(at) + 1).toISOString() });
    await engine.pollNow();
    await engine.pollNow();

    const sortedGroup = [...group].sort((a, b) => (a.id < b.id ? -1 : 1)).map((message) => message.text);
    expect(texts(order)).toEqual(['first', ...sortedGroup, 'after']);
    expect(new Set(h.sink.messages().map((message) => message.messageId)).size).toBe(5);
  });

  it('relays many messages of several orders exactly once and in (createdAt, id) order per order', async () => {
    const orders = [paidOrder(), paidOrder(), paidOrder()];
    const engine = h.engine({ messagesPageSize: 3 });
    await engine.pollNow();
    const { control } = h.sandbox;
    for (let round = 0; round < 4; round++) {
      for (const [index, order] of orders.entries()) {
        for (let n = 0; n < 3; n++) control.postBuyerMessage(order, `o${index}-r${round}-m${n}`);
      }
      await engine.pollNow();
    }
    await engine.pollNow();
    for (const [index, order] of orders.entries()) {
      const expected = control.messages(order).map((message) => message.text);
      expect(expected).toHaveLength(12);
      expect(texts(order)).toEqual(expected);
      expect(texts(order)[0]).toBe(`o${index}-r0-m0`);
    }
  });

  it('relays messages written before the order was first seen', async () => {
    const order = paidOrder();
    h.sandbox.control.postBuyerMessage(order, 'hello, are you there?');
    const engine = h.engine();
    await engine.pollNow();
    expect(h.sink.events.map((event) => event.kind)).toEqual(['orderAppeared', 'messageArrived']);
    expect(texts(order)).toEqual(['hello, are you there?']);
  });
});

describe('seller messages', () => {
  it('does not relay our own post, but relays a seller message written on the store website', async () => {
    const order = paidOrder();
    const engine = h.engine();
    await engine.pollNow();

    const ticket = engine.enqueue({
      kind: 'message',
      orderId: order,
      text: 'Your key is on the way',
      origin: { chatId: 1, messageId: 10 },
    });
    await engine.pollNow();
    h.sandbox.control.postBuyerMessage(order, 'Written on the website', { senderRole: 'seller' });
    h.sandbox.control.postBuyerMessage(order, 'thanks!');
    await engine.pollNow();
    await engine.pollNow();

    const posted = h.sink.outcomes.find((outcome) => outcome.actionId === ticket.actionId);
    expect(posted).toMatchObject({ ok: true });
    expect(h.sandbox.control.messages(order).map((message) => message.text)).toEqual([
      'Your key is on the way',
      'Written on the website',
      'thanks!',
    ]);
    expect(h.sink.messages(order).map(({ text, senderRole }) => ({ text, senderRole }))).toEqual([
      { text: 'Written on the website', senderRole: 'seller' },
      { text: 'thanks!', senderRole: 'buyer' },
    ]);
  });

  it('does not relay our post when a chat read runs while the post is on the wire', async () => {
    const order = paidOrder();
    // The store has the post long before its answer reaches us: a chat read in between sees it first.
    const slowAnswers = {
      ...h.api,
      postMessage: async (...args: Parameters<typeof h.api.postMessage>) => {
        const message = await h.api.postMessage(...args);
        await new Promise((resolve) => setTimeout(resolve, 80));
        return message;
      },
    };
    const engine = h.engine({ api: slowAnswers });
    engine.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    for (let n = 0; n < 3; n++) engine.enqueue({ kind: 'message', orderId: order, text: `reply ${n}` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await engine.stop();
    await engine.pollNow();

    expect(h.sandbox.control.messages(order)).toHaveLength(3);
    expect(h.sink.outcomes.filter((outcome) => outcome.ok === true)).toHaveLength(3);
    expect(h.sink.messages(order)).toEqual([]);
  });
});

describe('a message the sink refused', () => {
  it('comes back first and is never overtaken by a later message of the same order', async () => {
    const order = paidOrder();
    const other = paidOrder();
    const engine = h.engine();
    await engine.pollNow();
    const { control } = h.sandbox;
    control.postBuyerMessage(order, 'one');
    control.postBuyerMessage(order, 'two');
    control.postBuyerMessage(other, 'elsewhere');
    h.sink.refuse = (event) => event.kind === 'messageArrived' && event.text === 'two';
    await engine.pollNow();
    control.postBuyerMessage(order, 'three');
    await engine.pollNow();
    expect(texts(order)).toEqual(['one']);
    expect(texts(other)).toEqual(['elsewhere']);

    h.sink.refuse = undefined;
    // The failed chat backs off one interval (30 ms here).
    await new Promise((resolve) => setTimeout(resolve, 70));
    await engine.pollNow();
    await engine.pollNow();
    expect(texts(order)).toEqual(['one', 'two', 'three']);
  });
});
