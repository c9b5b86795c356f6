/**
 * The seller's commands with several stores, from the phone: /products per store (one that does not answer named under
 * the others'), /stats totals with a line per store and /stats <name>
 * alone, /status a block per store, /order with a bare id that several stores have (asks which) or one store has,
 * stock files captioned `/stock <name> <productId>` (into that store only; without a name refused, naming the
 * stores), and /autocancel <name> <productId> <minutes> kept in that store's database. Texts are checked for the
 * stores' titles and names, never for wording.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createStockQueries } from '../../src/db/stock.ts';
import type { ChatMessage } from '../support/fake-telegram-api.ts';
import { productsFailed, productsHeader } from '../../src/bot/texts/commands.ts';
import { parseTelegramHtml } from '../support/fake-telegram-api.ts';
import { en } from '../support/texts.ts';
import { ADMIN, eventually, GROUP_ID } from './harness.ts';
import { createMultiStoreHarness, type MultiStoreHarness } from './multi-store-harness.ts';

let h: MultiStoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Sends `text` (or a file of it captioned `caption`) in the group; the bot's first message after it containing `until`. */
async function ask(text: string, until: string, extra: { caption?: string } = {}): Promise<string> {
  const telegram = h!.telegram;
  const sent =
    extra.caption === undefined
      ? telegram.sendText(ADMIN, text, { chatId: GROUP_ID })
      : telegram.sendDocument(
          ADMIN,
          { content: text, fileName: 'keys.txt', mimeType: 'text/plain', caption: extra.caption },
          { chatId: GROUP_ID },
        );
  let answer: ChatMessage | undefined;
  await eventually(() => {
    answer = telegram.botMessages(GROUP_ID).find((message) => message.messageId > sent.message_id && message.text.includes(until));
    expect(answer, `an answer to ${text} containing ${until}`).toBeDefined();
  });
  return answer!.text;
}

const plain = (html: { html: string }) => parseTelegramHtml(html.html).text;

const inStock = (name: string) =>
  createStockQueries(h!.store(name).db)
    .summary()
    .map((product) => [product.productId, product.inStock]);

describe('commands with several stores', () => {
  it('/stats gives totals and a line per store, /stats <name> that store alone; /status a block per store', async () => {
    h = await createMultiStoreHarness();
    await h.store('north').createPaidOrder({ amount: 10 });
    await h.store('south').createPaidOrder({ amount: 7 });
    const all = await ask('/stats', '📈');
    for (const title of ['Main Street Games', 'North Keys', 'South Codes']) expect(all).toContain(title);
    const north = await ask('/stats north 3', '📈');
    expect(north).toContain('North Keys');
    expect(north).not.toContain('South Codes');
    expect(await ask('/stats toys', 'toys')).toContain('main, north, south');
    const status = await ask('/status', 'South Codes');
    for (const title of ['Main Street Games', 'North Keys', 'South Codes']) expect(status).toContain(title);
  });

  it("/products lists every store's products, and names a store that does not answer under the others'", async () => {
    h = await createMultiStoreHarness();
    const all = await ask('/products', plain(productsHeader(en, { count: 1 })).split(':')[0]!);
    for (const name of ['north', 'south']) expect(all).toContain(`${name}/`);
    h.store('south').sandbox.control.breakApi('html');
    const partial = await ask('/products', 'South Codes');
    expect(partial).toContain('north/');
    expect(partial).not.toContain('south/');
    for (const store of h.stores) h.store(store.name).sandbox.control.breakApi('html');
    const none = await ask('/products', productsFailed(en, { reason: '' }).split(':')[0]!);
    expect(none).not.toContain('north/');
  });

  it('/order with a bare id asks which store when several have it, and shows the one store that has it', async () => {
    h = await createMultiStoreHarness();
    const north = await h.store('north').createPaidOrder();
    const south = await h.store('south').createPaidOrder();
    expect(south.order.id).toBe(north.order.id);
    const which = await ask(`/order ${north.order.id}`, north.order.id);
    expect(which).toContain(`north/${north.order.id}`);
    expect(which).toContain(`south/${north.order.id}`);

    const only = await h.store('north').createPaidOrder();
    const shown = await ask(`/order ${only.order.id}`, only.order.id);
    expect(shown).toContain(`north/${only.order.id}`);
    expect(shown).toContain('North Keys');
  });

  it('a stock file captioned /stock <name> <productId> goes to that store; without a name it is refused', async () => {
    h = await createMultiStoreHarness({
      stores: [
        { name: 'north', title: 'North Keys' },
        { name: 'south', title: 'South Codes' },
      ],
    });
    await ask('K-1\nK-2\n', 'south/prod-1', { caption: '/stock south prod-1' });
    expect({ north: inStock('north'), south: inStock('south') }).toEqual({ north: [], south: [['prod-1', 2]] });
    await ask('K-3\n', 'north, south', { caption: '/stock prod-1' });
    expect(inStock('south')).toEqual([['prod-1', 2]]);
  });

  it('/autocancel <name> <productId> <minutes> sets the rule in that store, and the list names its store', async () => {
    h = await createMultiStoreHarness({
      stores: [
        { name: 'north', title: 'North Keys' },
        { name: 'south', title: 'South Codes' },
      ],
    });
    const productId = (await h.store('north').createPaidOrder()).order.productId as string;
    await ask(`/autocancel ${productId} 30`, 'north, south');
    await ask(`/autocancel north ${productId} 30`, productId);
    const rules = (name: string) => h!.store(name).db.prepare('SELECT product_id AS productId, minutes FROM autocancel_rules').all();
    expect({ north: rules('north'), south: rules('south') }).toEqual({ north: [{ productId, minutes: 30 }], south: [] });
    expect(await ask('/autocancel', productId)).toContain('North Keys');
  });
});
