/** /orders, /order, /products, /status, and trial mode's binding by /start. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, settled, STRANGER, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const inGroup = { chatId: GROUP_ID };
const lastIn = (chatId: number) => h!.telegram.botMessages(chatId).at(-1)!;

describe('commands', () => {
  it('/orders lists open orders with links to their cards', async () => {
    h = await createBridgeHarness();
    const first = await h.createPaidOrder();
    const second = await h.createPaidOrder();
    h.sandbox.control.setOrderStatus(second.order.id, 'processing');
    await h.engine.pollNow();

    h.telegram.sendText(ADMIN, '/orders', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Open orders: 2'));
    const list = lastIn(GROUP_ID);
    expect(list.text).toContain(first.order.id);
    expect(list.text).toContain(second.order.id);
    const links = parseTelegramHtml(list.source).entities.filter((entity) => entity.type === 'text_link');
    expect(links.map((entity) => (entity as { url: string }).url)).toEqual([
      `https://t.me/c/1234567890/${first.card.messageId}`,
      `https://t.me/c/1234567890/${second.card.messageId}`,
    ]);

    h.telegram.sendText(ADMIN, '/orders processing', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Open orders (processing): 1'));
    expect(lastIn(GROUP_ID).text).not.toContain(first.order.id);
  });

  it('/order <id> resends the card, and the new card is linked to the order', async () => {
    h = await createBridgeHarness();
    const { order } = await h.createPaidOrder();
    h.telegram.sendText(ADMIN, `/order ${order.id}`, inGroup);
    await eventually(() => expect(h!.cardsOf(order.id)).toHaveLength(2));
    const resent = h.cardsOf(order.id)[1]!;
    expect(labels(resent)).toEqual(['Take', 'Cancel']);
    await settled(h);
    expect(h.engine.orderForTelegramMessage({ chatId: GROUP_ID, messageId: resent.messageId })).toBe(order.id);

    // Both cards follow the order from now on.
    h.telegram.tapLabel(ADMIN, resent.messageId, 'Take', inGroup);
    await eventually(() =>
      expect(h!.cardsOf(order.id).map((card) => labels(card))).toEqual([
        ['Deliver', 'Cancel'],
        ['Deliver', 'Cancel'],
      ]),
    );

    h.telegram.sendText(ADMIN, '/order nope-123', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('does not know order nope-123'));
  });

  it('/products and /status answer from the store and from sync', async () => {
    h = await createBridgeHarness();
    await h.createPaidOrder();
    const products = h.sandbox.control.products(h.sandbox.store.storeId);
    h.telegram.sendText(ADMIN, '/products', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain(`Products with automation: ${products.length}`));
    for (const product of products) expect(lastIn(GROUP_ID).text).toContain(product.title ?? product.id);

    h.telegram.sendText(ADMIN, '/status', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Sync is running'));
    const status = lastIn(GROUP_ID).text;
    expect(status).toMatch(/Last answer from the store: \d+ s ago/);
    expect(status).toContain('Actions waiting in the outbox: 0');
    expect(status).toMatch(/Requests sent to the store: [1-9]\d*/);
  });

  it('registers its commands with Telegram: the chat language by default, then once per language, each described', async () => {
    h = await createBridgeHarness();
    const calls = h.telegram.callsOf('setMyCommands');
    const names = [
      'start',
      'help',
      'orders',
      'order',
      'reply',
      'products',
      'status',
      'stock',
      'templates',
      'template',
      'untemplate',
      't',
      'autoreply',
      'away',
      'stats',
      'export',
      'autocancel',
      'backup',
      'language',
    ];
    expect(calls.map((call) => call.params.language_code)).toEqual([undefined, 'en', 'ru']);
    for (const call of calls) {
      const commands = call.params.commands as { command: string; description: string }[];
      expect(commands.map((command) => command.command)).toEqual(names);
      expect(commands.every((command) => command.description.length > 0 && command.description.length <= 256)).toBe(true);
    }
    const described = (index: number) => (calls[index]!.params.commands as { description: string }[])[1]!.description;
    expect(described(0)).toBe('How to use the bot');
    expect(described(2)).toBe('Как пользоваться ботом');
  });

  it('starts even when setMyCommands fails', async () => {
    h = await createBridgeHarness();
    await h.stopBridge();
    // The first of the three registrations fails; the others still go, and the bot still starts.
    h.telegram.failNext('setMyCommands', { error_code: 400, description: 'Bad Request: nope' });
    await h.restart();
    h.telegram.sendText(ADMIN, '/status', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Sync is'));
  });
});

describe('trial mode', () => {
  it('binds the first private chat that sends /start; until then orders wait', async () => {
    h = await createBridgeHarness({ chatId: undefined, adminIds: [] });
    const order = h.sandbox.control.createOrder();
    await h.engine.pollNow();
    expect(h.telegram.callsOf('sendMessage')).toEqual([]);
    await expect(h.bridge.sink.orderAppeared(order)).rejects.toMatchObject({ code: 'NO_CHAT_BOUND' });

    h.telegram.sendText(STRANGER, '/start', { chatId: GROUP_ID }); // a group does not bind
    h.telegram.sendText(ADMIN, '/start');
    await settled(h);
    // The running engine may post the waiting card right after the binding, so look at the whole chat.
    expect(
      h.telegram
        .botMessages(ADMIN.id)
        .map((message) => message.text)
        .join('\n'),
    ).toContain('this chat is now bound');
    h.telegram.sendText(STRANGER, '/start');
    await settled(h);
    expect(lastIn(STRANGER.id).text).toContain('are not an admin');

    await h.engine.pollNow();
    await eventually(() => expect(h!.cardsOf(order.id, ADMIN.id)).toHaveLength(1));
    const card = h.cardsOf(order.id, ADMIN.id)[0]!;
    h.telegram.tapLabel(ADMIN, card.messageId, 'Take');
    await eventually(() => expect(h!.sandbox.control.order(order.id)?.status).toBe('processing'));

    // The binding is kept across a restart.
    await h.restart();
    h.telegram.sendText(STRANGER, '/start');
    await settled(h);
    expect(lastIn(STRANGER.id).text).toContain(`This chat (${STRANGER.id}) is not the configured chat`);
  });
});
