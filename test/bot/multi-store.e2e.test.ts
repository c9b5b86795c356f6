/**
 * Several stores in one bot, from the phone: three sandbox stores whose order ids repeat (one seed), one bridge, one
 * group. A card, a button, a reply acts on its own store's order only, checked at each store's sandbox and in each
 * store's database; callback data fits 64 bytes with the longest store name and long ids; a store that refuses its
 * key or is down is announced once, naming it, while the others go on. Texts are checked only for the store's title
 * (present with several stores, absent with one), never for wording.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALERTS } from '../../src/bot/index.ts';
import type { Html } from '../../src/bot/helpers/html.ts';
import { BUTTONS } from '../../src/bot/texts/buttons.ts';
import type { ChatMessage } from '../support/fake-telegram-api.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { en } from '../support/texts.ts';
import { ADMIN, allLabels, eventually, GROUP_ID, labels } from './harness.ts';
import { createMultiStoreHarness, type MultiStoreHarness, type MultiStoreOptions, type StoreUnderTest } from './multi-store-harness.ts';

let h: MultiStoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
const start = async (options?: MultiStoreOptions) => {
  h = await createMultiStoreHarness(options);
  return h;
};

const inGroup = { chatId: GROUP_ID };
const label = { take: BUTTONS.take(en), deliver: BUTTONS.deliver(en), cancel: BUTTONS.cancel(en) };
const statusAt = (store: StoreUnderTest, orderId: string) => store.sandbox.control.order(orderId)?.status;
const outbox = (store: StoreUnderTest) =>
  store.db
    .prepare<[], { kind: string; orderId: string; state: string }>('SELECT kind, order_id AS orderId, state FROM outbox ORDER BY id')
    .all();
const sellerPosts = (store: StoreUnderTest, orderId: string) =>
  store.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);
/** Bot messages in the group whose text names this id (cards, relayed messages, prompts). */
const mentioning = (id: string) => h!.telegram.botMessages(GROUP_ID).filter((message) => message.text.includes(id));
const plain = (html: Html) => parseTelegramHtml(html.html).text;
/** The newest bot message in the group offering exactly these buttons. */
const newestWith = (...wanted: string[]) =>
  h!.telegram
    .botMessages(GROUP_ID)
    .filter((message) => labels(message).join('|') === wanted.join('|'))
    .at(-1);

/** The one bot message relaying this buyer text, once it is there. */
async function relayedOnce(text: string): Promise<ChatMessage> {
  let found: ChatMessage[] = [];
  await eventually(() => {
    found = h!.telegram.botMessages(GROUP_ID).filter((message) => message.text.includes(text));
    expect(found, text).toHaveLength(1);
  });
  return found[0]!;
}

/** Every store gets its first order: the same id in each. */
async function sameOrderEverywhere(harness: MultiStoreHarness) {
  const placed = [];
  for (const store of harness.stores) placed.push({ store, ...(await store.createPaidOrder()) });
  const [first] = placed;
  for (const { order } of placed) expect(order.id).toBe(first!.order.id);
  return { id: first!.order.id, placed };
}

async function deliverWithValue(card: ChatMessage, value: string) {
  const telegram = h!.telegram;
  telegram.tapLabel(ADMIN, card.messageId, label.deliver, inGroup);
  let prompt: ChatMessage | undefined;
  await eventually(() => {
    prompt = newestWith(BUTTONS.deliverWithoutValue(en), BUTTONS.back(en));
    expect(prompt).toBeDefined();
  });
  telegram.sendText(ADMIN, value, { ...inGroup, replyTo: prompt!.messageId });
  let preview: ChatMessage | undefined;
  await eventually(() => {
    preview = newestWith(BUTTONS.confirm(en), BUTTONS.back(en));
    expect(preview?.text).toContain(value);
  });
  telegram.tapLabel(ADMIN, preview!.messageId, BUTTONS.confirm(en), inGroup);
}

async function cancelWithConfirm(card: ChatMessage) {
  h!.telegram.tapLabel(ADMIN, card.messageId, label.cancel, inGroup);
  let question: ChatMessage | undefined;
  await eventually(() => {
    question = h!.telegram
      .botMessages(GROUP_ID)
      .find((message) => message.replyToMessageId === card.messageId && labels(message).length === 2);
    expect(labels(question)).toEqual([BUTTONS.confirm(en), BUTTONS.back(en)]);
  });
  h!.telegram.tapLabel(ADMIN, question!.messageId, BUTTONS.confirm(en), inGroup);
}

describe('several stores in one chat, whose order ids repeat', () => {
  it('a new paid order of one store makes exactly one card, linked to that store only', async () => {
    const harness = await start();
    const [main, north, south] = harness.stores as [StoreUnderTest, StoreUnderTest, StoreUnderTest];
    const { order, card } = await north.createPaidOrder();
    await harness.pollAll();
    await harness.drained();
    expect(mentioning(order.id)).toEqual([card]);
    expect(harness.ownersOf(GROUP_ID, card.messageId)).toEqual(['north']);
    expect(main.links(order.id)).toEqual([]);
    expect(south.links(order.id)).toEqual([]);

    // Main's first order has the same id: a card of its own, and north's card is left as it was.
    const before = { text: card.text, edits: harness.telegram.message(GROUP_ID, card.messageId)?.edits };
    const mains = await main.createPaidOrder();
    expect(mains.order.id).toBe(order.id);
    await harness.pollAll();
    await harness.drained();
    expect(mentioning(order.id).map((message) => message.messageId)).toEqual([card.messageId, mains.card.messageId]);
    expect(harness.ownersOf(GROUP_ID, mains.card.messageId)).toEqual(['main']);
    expect(north.links(order.id).map((link) => link.messageId)).toEqual([card.messageId]);
    expect(south.links(order.id)).toEqual([]);
    const after = harness.telegram.message(GROUP_ID, card.messageId);
    expect({ text: after?.text, edits: after?.edits }).toEqual(before);
  });

  it("Take, Deliver and Cancel on one store's card act on that store's order only", async () => {
    const harness = await start();
    const [main, north, south] = harness.stores as [StoreUnderTest, StoreUnderTest, StoreUnderTest];
    const { id, placed } = await sameOrderEverywhere(harness);
    const cardOf = (store: StoreUnderTest) => placed.find((entry) => entry.store === store)!.card;
    for (const store of harness.stores) store.sandbox.control.resetStats();

    harness.telegram.tapLabel(ADMIN, cardOf(north).messageId, label.take, inGroup);
    await eventually(() => expect(statusAt(north, id)).toBe('processing'));
    await eventually(() => expect(labels(north.card(id))).toEqual([label.deliver, label.cancel]));
    expect([statusAt(main, id), statusAt(south, id)]).toEqual(['paid', 'paid']);

    await deliverWithValue(cardOf(north), 'NORTH-KEY-0001');
    await eventually(() => expect(statusAt(north, id)).toBe('awaiting_confirmation'));
    expect(north.sandbox.control.order(id)?.deliveredValue).toBe('NORTH-KEY-0001');

    await cancelWithConfirm(cardOf(south));
    await eventually(() => expect(statusAt(south, id)).toBe('cancelled'));
    await harness.pollAll();
    await harness.drained();

    // Main was never touched: no request that acts, no action, its card as it was.
    expect(statusAt(main, id)).toBe('paid');
    expect(main.sandbox.control.order(id)?.deliveredValue ?? undefined).toBeUndefined();
    expect(Object.keys(main.sandbox.control.stats().byRoute).filter((route) => route.startsWith('POST'))).toEqual([]);
    expect(outbox(main)).toEqual([]);
    expect(labels(main.card(id))).toEqual([label.take, label.cancel]);
    expect(outbox(north).map((action) => `${action.kind}:${action.state}`)).toEqual(['take:succeeded', 'deliver:succeeded']);
    expect(outbox(south).map((action) => `${action.kind}:${action.state}`)).toEqual(['cancel:succeeded']);
    expect(south.sandbox.control.order(id)?.refunded).toBe(true);
    expect(labels(north.card(id))).toEqual([]);
    expect(labels(south.card(id))).toEqual([]);
  });

  it("a reply to a store's relayed buyer message reaches that store's buyer only", async () => {
    const harness = await start();
    const [main, north, south] = harness.stores as [StoreUnderTest, StoreUnderTest, StoreUnderTest];
    const { id } = await sameOrderEverywhere(harness);
    for (const store of harness.stores) store.sandbox.control.postBuyerMessage(id, `question to ${store.name}`);
    await harness.pollAll();
    await harness.drained();
    const relayed = new Map<StoreUnderTest, ChatMessage>();
    for (const store of harness.stores) {
      const message = await relayedOnce(`question to ${store.name}`);
      relayed.set(store, message);
      // Each buyer's message is under its own store's card, and linked to its store alone.
      expect(message.replyToMessageId).toBe(store.card(id)?.messageId);
      expect(harness.ownersOf(GROUP_ID, message.messageId)).toEqual([store.name]);
    }

    harness.telegram.sendText(ADMIN, 'answer from the north desk', { ...inGroup, replyTo: relayed.get(north)!.messageId });
    await eventually(() => expect(sellerPosts(north, id)).toEqual(['answer from the north desk']));
    // And a reply to a card goes to that card's store.
    harness.telegram.sendText(ADMIN, 'answer from the main desk', { ...inGroup, replyTo: main.card(id)!.messageId });
    await eventually(() => expect(sellerPosts(main, id)).toEqual(['answer from the main desk']));
    await harness.pollAll();
    expect(sellerPosts(north, id)).toEqual(['answer from the north desk']);
    expect(sellerPosts(south, id)).toEqual([]);
    expect(outbox(south)).toEqual([]);
    // The seller's posts are not relayed back into the chat by any store.
    await harness.drained();
    expect(mentioning('answer from the').filter((message) => message.fromBot)).toEqual([]);
  });

  it.each([
    // 16 + 1 + 45 characters: `t:<store>/<id>` is exactly 64 bytes, `cy:…` one more (the id goes by its hash).
    { idLength: 45 },
    // Past 64 bytes for every verb.
    { idLength: 80 },
  ])(
    "buttons fit in 64 bytes with the longest store names and ids of $idLength characters, and act on their store's order",
    async ({ idLength }) => {
      const harness = await start({
        idLength,
        stores: [
          { name: 'abcdefghijklmnop', title: 'Sixteen Letters A' },
          { name: 'ponmlkjihgfedcba', title: 'Sixteen Letters B' },
        ],
      });
      const [first, second] = harness.stores as [StoreUnderTest, StoreUnderTest];
      const { id, placed } = await sameOrderEverywhere(harness);
      expect(id).toHaveLength(idLength);

      harness.telegram.tapLabel(ADMIN, placed[0]!.card.messageId, label.take, inGroup);
      await eventually(() => expect(statusAt(first, id)).toBe('processing'));
      await eventually(() => expect(labels(first.card(id))).toEqual([label.deliver, label.cancel]));
      await deliverWithValue(placed[0]!.card, 'A-KEY');
      await eventually(() => expect(statusAt(first, id)).toBe('awaiting_confirmation'));
      await cancelWithConfirm(placed[1]!.card);
      await eventually(() => expect(statusAt(second, id)).toBe('cancelled'));
      expect(first.sandbox.control.order(id)?.refunded).toBe(false);
      expect(second.sandbox.control.order(id)?.deliveredValue ?? undefined).toBeUndefined();
      expect(outbox(first).map((action) => action.kind)).toEqual(['take', 'deliver']);
      expect(outbox(second).map((action) => action.kind)).toEqual(['cancel']);

      // Every button the bot showed (cards, prompts, confirmations, Quick reply) within Telegram's 64 bytes.
      const data = harness.telegram
        .botMessages(GROUP_ID)
        .flatMap((message) => message.replyMarkup?.inline_keyboard.flat() ?? [])
        .map((button) => ('callback_data' in button ? String(button.callback_data) : ''));
      expect(data.length).toBeGreaterThan(6);
      for (const one of data) expect(Buffer.byteLength(one, 'utf8'), one).toBeLessThanOrEqual(64);
      // Telegram refused none of them.
      expect(harness.telegram.calls.filter((call) => !call.ok && /BUTTON_DATA/.test(JSON.stringify(call)))).toEqual([]);
    },
  );

  it('a revoked key in one store is announced once, naming that store, while the others go on', async () => {
    const harness = await start({ alertCheckMs: 20 });
    const [main, north, south] = harness.stores as [StoreUnderTest, StoreUnderTest, StoreUnderTest];
    await harness.pollAll();
    const keyAlerts = () =>
      harness.telegram.botMessages(GROUP_ID).filter((message) => message.text.includes(plain(ALERTS.apiKeyRefused(en))));

    north.sandbox.control.revokeKey(north.sandbox.store.apiKey);
    await eventually(() => expect(keyAlerts()).toHaveLength(1));
    // The others take new orders and their buttons act meanwhile.
    const { order, card } = await main.createPaidOrder();
    harness.telegram.tapLabel(ADMIN, card.messageId, label.take, inGroup);
    await eventually(() => expect(statusAt(main, order.id)).toBe('processing'));
    await south.createPaidOrder();
    await new Promise((resolve) => setTimeout(resolve, 300)); // many failed polls of north later…
    expect(keyAlerts()).toHaveLength(1);
    expect(keyAlerts()[0]?.text).toContain(north.title);
    for (const other of [main, south]) expect(keyAlerts()[0]?.text).not.toContain(other.title);
    const engines = harness.bridge.engine.byName;
    expect(engines.get('north')?.status().lastError?.code).toBe('API_KEY_INVALID');
    expect([engines.get('main')?.status().errorsInARow, engines.get('south')?.status().errorsInARow]).toEqual([0, 0]);
  });

  it('a store that is down is announced once, naming it, and once when back, while the others go on', async () => {
    const harness = await start({ alertCheckMs: 20, env: { STORE_DOWN_ALERT_MINUTES: 0.01 } });
    const [main, north, south] = harness.stores as [StoreUnderTest, StoreUnderTest, StoreUnderTest];
    await harness.pollAll();
    const alerts = (html: Html) => harness.telegram.botMessages(GROUP_ID).filter((message) => message.text.includes(plain(html)));
    const down = () => alerts(ALERTS.storeDown(en, 1));
    const back = () => alerts(ALERTS.storeBack(en));

    south.sandbox.control.breakApi('http503');
    await eventually(() => expect(down()).toHaveLength(1));
    const { order } = await north.createPaidOrder();
    await main.createPaidOrder();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(down()).toHaveLength(1);
    expect(down()[0]?.text).toContain(south.title);
    expect(north.card(order.id)).toBeDefined();

    south.sandbox.control.heal();
    await eventually(() => expect(back()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(back()).toHaveLength(1);
    expect(back()[0]?.text).toContain(south.title);
    for (const other of [main, north]) expect([...down(), ...back()].map((m) => m.text).join('\n')).not.toContain(other.title);
  });
});

describe('stores with a chat each (chatId in STORES_FILE)', () => {
  const chats = { north: -1_001_000_000_001, south: -1_001_000_000_002 };
  /** main in the shared group, north and south each in a group of its own. */
  async function startWithOwnChats() {
    const harness = await start({
      stores: [
        { name: 'main', title: 'Main Street Games' },
        { name: 'north', title: 'North Keys', chatId: chats.north },
        { name: 'south', title: 'South Codes', chatId: chats.south },
      ],
    });
    const [main, north, south] = harness.stores as [StoreUnderTest, StoreUnderTest, StoreUnderTest];
    return { harness, main, north, south };
  }

  it("each store's cards and buyer messages go to its own chat, and what is done there acts on that store only", async () => {
    const { harness, main, north, south } = await startWithOwnChats();
    const { id, placed } = await sameOrderEverywhere(harness);
    for (const { store, card } of placed) {
      expect(card.chatId, store.name).toBe(store.chatId);
      expect(harness.ownersOf(store.chatId, card.messageId)).toEqual([store.name]);
      store.sandbox.control.postBuyerMessage(id, `question to ${store.name}`);
    }
    expect(harness.telegram.botMessages(chats.north).filter((message) => message.text.includes(id))).toHaveLength(1);
    expect(harness.telegram.botMessages(chats.south).filter((message) => message.text.includes(id))).toHaveLength(1);
    // One poll may not reach every new chat (the read schedule and budget decide): poll until each is relayed.
    const relayedIn = (store: StoreUnderTest) =>
      harness.telegram.botMessages(store.chatId).filter((message) => message.text.includes(`question to ${store.name}`));
    await eventually(async () => {
      await harness.pollAll();
      await harness.drained();
      for (const store of harness.stores) expect(relayedIn(store), store.name).not.toHaveLength(0);
    });
    for (const store of harness.stores) {
      const relayed = relayedIn(store);
      expect(relayed.map((message) => message.replyToMessageId)).toEqual([store.card(id)?.messageId]);
      for (const other of harness.stores.filter((one) => one.chatId !== store.chatId))
        expect(harness.telegram.botMessages(other.chatId).some((message) => message.text.includes(`question to ${store.name}`))).toBe(
          false,
        );
    }

    harness.telegram.tapLabel(ADMIN, north.card(id)!.messageId, label.take, { chatId: chats.north });
    await eventually(() => expect(statusAt(north, id)).toBe('processing'));
    const southRelay = harness.telegram.botMessages(chats.south).find((message) => message.text.includes('question to south'));
    harness.telegram.sendText(ADMIN, 'answer from the south desk', { chatId: chats.south, replyTo: southRelay!.messageId });
    await eventually(() => expect(sellerPosts(south, id)).toEqual(['answer from the south desk']));
    await harness.pollAll();
    expect([statusAt(main, id), statusAt(south, id)]).toEqual(['paid', 'paid']);
    expect([sellerPosts(main, id), sellerPosts(north, id)]).toEqual([[], []]);
  });

  it("a store's chat that refuses the bot holds only that store: the others' cards go on, and its own come once it is back", async () => {
    const { harness, main, north, south } = await startWithOwnChats();
    harness.telegram.refuseChat(chats.north, { error_code: 403, description: 'Forbidden: bot was kicked from the supergroup chat' });
    const orders = harness.stores.map((store) => ({ store, order: store.sandbox.control.createOrder({ status: 'paid' }) }));
    await harness.pollAll();
    await eventually(() => {
      for (const store of [main, south]) expect(store.card(orders.find((o) => o.store === store)!.order.id), store.name).toBeDefined();
    });
    // Later orders of the others still arrive while north's chat refuses the bot.
    const later = south.sandbox.control.createOrder({ status: 'paid' });
    await harness.pollAll();
    await eventually(() => expect(south.card(later.id)).toBeDefined());
    const northOrder = orders.find((o) => o.store === north)!.order;
    expect(north.card(northOrder.id)).toBeUndefined();

    harness.telegram.refuseChat(chats.north, undefined);
    await eventually(async () => {
      await harness.pollAll();
      expect(north.card(northOrder.id)).toBeDefined();
    }, 10_000);
    await harness.drained();
    const northCards = harness.telegram.botMessages(chats.north).filter((message) => message.text.includes(northOrder.id));
    expect(northCards).toHaveLength(1);
    expect(harness.telegram.botMessages(GROUP_ID).some((message) => message.text.includes('North Keys'))).toBe(false);
  });
});

describe("the store's title on cards and relayed messages", () => {
  it("with several stores: each card and relayed message names its own store's title", async () => {
    const harness = await start();
    const { id, placed } = await sameOrderEverywhere(harness);
    for (const store of harness.stores) store.sandbox.control.postBuyerMessage(id, `hello from a buyer of ${store.name}`);
    await harness.pollAll();
    await harness.drained();
    for (const { store, card } of placed) {
      const others = harness.stores.filter((other) => other !== store).map((other) => other.title);
      const relayed = await relayedOnce(`buyer of ${store.name}`);
      for (const text of [harness.telegram.message(GROUP_ID, card.messageId)?.text, relayed.text]) {
        expect(text).toContain(store.title);
        for (const title of others) expect(text).not.toContain(title);
      }
    }
  });

  it('with one store: neither names it', async () => {
    const harness = await start({ stores: [{ name: 'main', title: 'Main Street Games' }] });
    const [main] = harness.stores as [StoreUnderTest];
    const { order, card } = await main.createPaidOrder();
    main.sandbox.control.postBuyerMessage(order.id, 'hello from the only store');
    await harness.pollAll();
    await harness.drained();
    const relayed = await relayedOnce('hello from the only store');
    expect(relayed.replyToMessageId).toBe(card.messageId);
    for (const text of [card.text, relayed.text]) expect(text).not.toContain('Main Street Games');
    // The one store's buttons carry its own ids, as before there were several.
    expect(allLabels(card)).toContain(label.take);
    const data = card.replyMarkup?.inline_keyboard.flat().map((button) => ('callback_data' in button ? button.callback_data : ''));
    expect(data?.every((one) => one?.endsWith(`:${order.id}`))).toBe(true);
  });
});
