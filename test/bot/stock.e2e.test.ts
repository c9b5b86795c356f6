/** `/stock`: the list with Pause/Resume buttons, a tap that switches a product and edits the list, and who may use it. */
import { describe, expect, it } from 'vitest';
import { maskItem } from '../../src/core/stock/stock-input.ts';
import { createAuditQueries } from '../../src/db/audit.ts';
import type { OrderId, ProductId } from '../../src/seller-api/schemas.ts';
import { ADMIN, eventually, GROUP_ID, labels, settled, STRANGER } from './harness.ts';
import { expectNoLeaks, keys, useStockBridge } from './stock-support.ts';

const start = useStockBridge();

const inGroup = { chatId: GROUP_ID };
const now = () => Date.now();

describe('/stock', () => {
  it('with no stock says how to add some, from the phone and from the server', async () => {
    const { h } = await start();
    const asked = h.telegram.sendText(ADMIN, '/stock', inGroup);
    await settled(h);
    const answer = h.lastBotMessage();
    expect(answer.messageId).toBeGreaterThan(asked.message_id);
    expect(answer.text).toContain('No stock yet');
    expect(answer.text).toContain('send a .txt file, one key, code or account per line, with the caption /stock <productId>');
    expect(answer.text).toContain('npm run stock -- add <productId> <file>');
    expect(labels(answer)).toEqual([]);
  });

  it('lists every product with its counts and a button; a tap pauses or resumes it and edits the list in place', async () => {
    const { h, stock, log } = await start();
    const { order } = await h.createPaidOrder();
    const titled = order.productId as ProductId;
    const other = 'prod-other' as ProductId;
    const items = [...keys('A', 4), ...keys('B', 2)];
    stock.add(titled, items.slice(0, 4), now());
    stock.add(other, items.slice(4), now());
    stock.setPaused(other, true, now());
    stock.reserve('ord-r' as OrderId, titled, 1, now());
    stock.reserve('ord-d' as OrderId, titled, 1, now());
    stock.markDelivered('ord-d' as OrderId, now());

    h.telegram.sendText(ADMIN, '/stock', inGroup);
    await settled(h);
    const list = h.lastBotMessage();
    expect(list.text).toContain('Stock: 2 products');
    expect(list.text).toContain(`${titled} · ${order.productTitle}`);
    expect(list.text).toContain(`2 left · 1 reserved · 1 delivered · 0 bad · next ${maskItem(items[2]!)}`);
    expect(list.text).toContain(`${other}\n  2 left · 0 reserved · 0 delivered · 0 bad`);
    expect(list.text).toMatch(/prod-other[^•]*paused: not delivered automatically/);
    expect(labels(list)).toEqual([`⏸ Pause ${order.productTitle}`, '▶️ Resume prod-other']);

    const pause = h.telegram.tapLabel(ADMIN, list.messageId, `⏸ Pause ${order.productTitle}`, inGroup);
    await settled(h);
    expect(stock.isPaused(titled)).toBe(true);
    expect(h.telegram.callbackAnswer(pause)?.text).toBe(`Auto-delivery paused: ${titled}. Its items are kept.`);
    const edited = h.telegram.message(GROUP_ID, list.messageId)!;
    expect(edited.edits).toBe(1);
    expect(labels(edited)).toEqual([`▶️ Resume ${order.productTitle}`, '▶️ Resume prod-other']);

    const resume = h.telegram.tapLabel(ADMIN, list.messageId, '▶️ Resume prod-other', inGroup);
    await settled(h);
    expect(stock.isPaused(other)).toBe(false);
    expect(stock.isPaused(titled)).toBe(true);
    expect(h.telegram.callbackAnswer(resume)?.text).toBe(`Auto-delivery on: ${other}.`);
    expect(labels(h.telegram.message(GROUP_ID, list.messageId))).toEqual([`▶️ Resume ${order.productTitle}`, '⏸ Pause prod-other']);
    expect(h.lastBotMessage().messageId).toBe(list.messageId); // edited, nothing new posted

    // An old button of the same product is a double tap: the state stays, the list stays.
    h.telegram.sendCallback(ADMIN, list.messageId, `sr:${other}`, inGroup);
    await settled(h);
    expect(stock.isPaused(other)).toBe(false);
    expectNoLeaks(h, log.lines, items);
    // Each switch is a step in the audit trail, with who tapped, newest first.
    const steps = createAuditQueries(h.db).latestSteps(10);
    expect(steps.map((step) => [step.action, step.result, step.actor.kind === 'person' && step.actor.userId])).toEqual([
      ['stock-resume', 'ok', ADMIN.id],
      ['stock-resume', 'ok', ADMIN.id],
      ['stock-pause', 'ok', ADMIN.id],
    ]);
  });

  it('shows the items an order holds after a refused delivery; Release asks, Confirm puts them back in stock', async () => {
    const { h, stock, log } = await start();
    const product = 'prod-held' as ProductId;
    const items = keys('H', 3);
    stock.add(product, items, now());
    const held = 'ord-held-1' as OrderId;
    stock.reserve(held, product, 2, now());
    stock.markFailed(held, now());
    h.telegram.sendText(ADMIN, '/stock', inGroup);
    await settled(h);
    const list = h.lastBotMessage();
    expect(list.text).toContain('1 left · 0 reserved · ⚠️ 2 held · 0 delivered · 0 bad');
    expect(list.text).toContain(
      'Held after a refused delivery (release only if the buyer did not get them)\n• order ord-held-1: 2 items of prod-held',
    );
    expect(labels(list)).toEqual(['⏸ Pause prod-held', '↩️ Release ord-held-1']);

    const ask = h.telegram.tapLabel(ADMIN, list.messageId, '↩️ Release ord-held-1', inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(ask)?.text).toBe(
      'Put the 2 held item(s) of ord-held-1 back in stock? Only if the buyer did not get them: confirm below.',
    );
    expect(stock.heldOrders()).toHaveLength(1);
    expect(labels(h.telegram.message(GROUP_ID, list.messageId))).toEqual([
      '⏸ Pause prod-held',
      '✅ Back to stock: 2 of ord-held-1',
      'Keep them held',
    ]);
    h.telegram.tapLabel(ADMIN, list.messageId, 'Keep them held', inGroup);
    await settled(h);
    expect(labels(h.telegram.message(GROUP_ID, list.messageId))).toEqual(['⏸ Pause prod-held', '↩️ Release ord-held-1']);

    h.telegram.tapLabel(ADMIN, list.messageId, '↩️ Release ord-held-1', inGroup);
    await settled(h);
    const confirm = h.telegram.tapLabel(ADMIN, list.messageId, '✅ Back to stock: 2 of ord-held-1', inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(confirm)?.text).toBe('2 item(s) of ord-held-1 are back in stock.');
    expect(stock.inStock(product)).toBe(3);
    expect(stock.heldOrders()).toEqual([]);
    const edited = h.telegram.message(GROUP_ID, list.messageId)!;
    expect(edited.text).toContain('3 left · 0 reserved · 0 delivered');
    expect(edited.text).not.toContain('Held after');
    expect(labels(edited)).toEqual(['⏸ Pause prod-held']);
    // The confirmation again (a double tap, an old button): nothing more happens.
    const again = h.telegram.sendCallback(ADMIN, list.messageId, 'sy:ord-held-1', inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(again)?.text).toBe('This list is out of date. Send /stock for a fresh one.');
    expect(stock.inStock(product)).toBe(3);
    expectNoLeaks(h, log.lines, items);
    const steps = createAuditQueries(h.db).latestSteps(10);
    expect(steps.map((step) => [step.action, step.result])).toContainEqual(['stock-release', 'ok']);
  });

  it("refuses a stranger's Release: the items stay held", async () => {
    const { h, stock } = await start();
    stock.add('prod-1' as ProductId, keys('R', 1), now());
    stock.reserve('ord-h' as OrderId, 'prod-1' as ProductId, 1, now());
    stock.markFailed('ord-h' as OrderId, now());
    h.telegram.sendText(ADMIN, '/stock', inGroup);
    await settled(h);
    const tap = h.telegram.sendCallback(STRANGER, h.lastBotMessage().messageId, 'sy:ord-h', inGroup);
    await settled(h);
    expect(h.telegram.callbackAnswer(tap)?.text).toMatch(/Only the store admins/);
    expect(stock.heldOrders()).toHaveLength(1);
  });

  it('puts product ids on the phone: /products, the order card, and /stock with the products that have no stock yet', async () => {
    const { h, stock } = await start();
    const products = h.sandbox.control.products(h.sandbox.store.storeId);
    const [stocked, bare] = products as [(typeof products)[number], (typeof products)[number]];
    h.telegram.sendText(ADMIN, '/products', inGroup);
    await settled(h);
    // Each id as code: one tap copies it for `/stock <productId>`.
    for (const product of products) expect(h.lastBotMessage().source).toContain(`<code>${product.id}</code>`);

    const { card } = await h.createPaidOrder({ status: 'paid', productId: bare.id });
    expect(card.source).toContain(`<b>Product:</b> ${bare.title} · <code>${bare.id}</code>`);

    stock.add(stocked.id as ProductId, keys('P', 2), now());
    h.telegram.sendText(ADMIN, '/stock', inGroup);
    await settled(h);
    const list = h.lastBotMessage();
    expect(list.text).toContain('Stock: 1 product');
    expect(list.source).toContain(`• <code>${bare.id}</code> · ${bare.title} · no stock`);
    for (const product of products.slice(1)) expect(list.source).toContain(`<code>${product.id}</code>`);
    // Only a stocked product has a Pause button; the others wait for a file.
    expect(labels(list)).toEqual([`⏸ Pause ${stocked.title}`]);
    // A tap re-reads the store: the products without stock stay on the edited list.
    h.telegram.tapLabel(ADMIN, list.messageId, `⏸ Pause ${stocked.title}`, inGroup);
    await settled(h);
    expect(h.telegram.message(GROUP_ID, list.messageId)?.source).toContain(`<code>${bare.id}</code> · ${bare.title} · no stock`);
  });

  it('aliases a product id too long for callback data, and the button still works', async () => {
    const { h, stock } = await start();
    const long = `product-${'x'.repeat(150)}` as ProductId;
    stock.add(long, keys('L', 2), now());
    h.telegram.sendText(ADMIN, '/stock');
    await settled(h);
    const list = h.lastBotMessage(ADMIN.id);
    const [button] = list.replyMarkup!.inline_keyboard.flat() as { callback_data: string }[];
    expect(button!.callback_data).toMatch(/^sp:#/);
    expect(Buffer.byteLength(button!.callback_data)).toBeLessThanOrEqual(64);
    h.telegram.tapButton(ADMIN, list.messageId, button!.callback_data);
    await settled(h);
    expect(stock.isPaused(long)).toBe(true);
  });

  it('answers forged and stale buttons politely and changes nothing', async () => {
    const { h, stock } = await start();
    stock.add('prod-1' as ProductId, keys('F', 1), now());
    h.telegram.sendText(ADMIN, '/stock', inGroup);
    await settled(h);
    const list = h.lastBotMessage();
    const taps = ['sp:prod-unknown', 'sp:#AAAAAAAAAAAAAAAAAAAAAA', 'sp:', 'sx:prod-1'].map((data) =>
      h.telegram.sendCallback(ADMIN, list.messageId, data, inGroup),
    );
    await settled(h);
    for (const tap of taps.slice(0, 3))
      expect(h.telegram.callbackAnswer(tap)?.text).toBe('This list is out of date. Send /stock for a fresh one.');
    expect(h.telegram.callbackAnswer(taps[3]!)?.text).toMatch(/no longer valid/); // not a stock button at all
    expect(stock.summary().map((line) => [line.productId, line.paused])).toEqual([['prod-1', false]]);
    expect(h.telegram.message(GROUP_ID, list.messageId)?.edits).toBe(0);
  });

  it('`/stock <id>` typed as text explains that the items come as a file', async () => {
    const { h } = await start();
    h.telegram.sendText(ADMIN, '/stock prod-1');
    await settled(h);
    expect(h.lastBotMessage(ADMIN.id).text).toBe(
      'To add items to prod-1, send a .txt file, one key, code or account per line, with the caption /stock prod-1.',
    );
  });

  it("refuses a stranger's /stock, tap and stock file: no stock change, no download, no store request", async () => {
    const { h, stock } = await start();
    stock.add('prod-1' as ProductId, keys('S', 2), now());
    h.telegram.sendText(ADMIN, '/stock', inGroup);
    await settled(h);
    const list = h.lastBotMessage();
    h.sandbox.control.resetStats();
    const before = stock.summary();

    const command = h.telegram.sendText(STRANGER, '/stock');
    const groupCommand = h.telegram.sendText(STRANGER, '/stock', inGroup);
    const tap = h.telegram.tapLabel(STRANGER, list.messageId, '⏸ Pause prod-1', inGroup);
    const file = { content: 'NEW-ITEM-0001-SECRET\n', fileName: 'keys.txt', mimeType: 'text/plain', caption: '/stock prod-1' };
    const upload = h.telegram.sendDocument(STRANGER, file);
    const groupUpload = h.telegram.sendDocument(STRANGER, file, inGroup);
    await settled(h);

    expect(h.repliesTo(command.message_id, STRANGER.id)[0]?.text).toMatch(/only the store admins/i);
    expect(h.repliesTo(groupCommand.message_id)[0]?.text).toMatch(/only the store admins/i);
    expect(h.telegram.callbackAnswer(tap)?.text).toMatch(/Only the store admins/);
    expect(h.repliesTo(upload.message_id, STRANGER.id)[0]?.text).toMatch(/only the store admins/i);
    expect(h.repliesTo(groupUpload.message_id)[0]?.text).toMatch(/only the store admins/i);
    expect(
      h.telegram
        .botMessages(STRANGER.id)
        .map((message) => message.text)
        .join('\n'),
    ).not.toContain('prod-1');
    expect(stock.summary()).toEqual(before);
    expect(h.telegram.callsOf('getFile')).toEqual([]);
    expect(h.telegram.callsOf('downloadFile')).toEqual([]);
    expect(h.telegram.message(GROUP_ID, list.messageId)?.edits).toBe(0);
    expect(h.sandbox.control.stats().total).toBe(0);
  });

  it('is in the command list and in /help', async () => {
    const { h } = await start();
    const [call] = h.telegram.callsOf('setMyCommands');
    expect((call!.params.commands as { command: string }[]).map((command) => command.command)).toContain('stock');
    h.telegram.sendText(ADMIN, '/help');
    await eventually(() => expect(h.lastBotMessage(ADMIN.id).text).toContain('/stock — Stock for auto-delivery'));
  });
});
