/** Trial mode follows BOT_LANGUAGE: the demo products, the first buyer message and the simulated buyers speak it. */
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { openStore, type OpenedStore } from '../../src/app/trial-store.ts';
import { loadConfig } from '../../src/config/index.ts';
import { demoCatalog, startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { FAKE_BOT_TOKEN } from '../support/fake-telegram-api.ts';

const silent = pino({ level: 'silent' });
let opened: OpenedStore | undefined;
let sandbox: SandboxHandle | undefined;
afterEach(async () => {
  await opened?.trial?.sandbox.close();
  await sandbox?.close();
  opened = sandbox = undefined;
});

const CYRILLIC = /[а-яё]/i;

it.each([
  ['ru', true],
  ['en', false],
])('BOT_LANGUAGE=%s: the demo store is in that language', async (language, russian) => {
  const config = loadConfig({ TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, BOT_LANGUAGE: language }, ['--sandbox']);
  opened = await openStore(config, { logger: silent, seed: 3 });
  const trial = opened.trial!.sandbox;
  const products = trial.control.catalog(trial.store.storeId);
  expect(products.length).toBeGreaterThan(1);
  for (const product of products) expect(CYRILLIC.test(product.title ?? '')).toBe(russian);
  const [orderId] = await orderIds(trial.baseUrl, trial.store.apiKey);
  const [message] = trial.control.messages(orderId!);
  expect(CYRILLIC.test(message!.text)).toBe(russian);
  // Still something to escape, in either language.
  expect(message!.text).toContain('<3');
});

it('simulated buyers write in the language of the demo store', async () => {
  sandbox = await startSandbox({
    language: 'ru',
    buyers: { seed: 5, ordersPerMinute: 600, messagesPerMinute: 6000, confirmationsPerMinute: 0 },
  });
  const started = Date.now();
  let texts: string[] = [];
  while (texts.length < 5 && Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ids = await orderIds(sandbox.baseUrl, sandbox.store.apiKey);
    texts = ids.flatMap((id) => sandbox!.control.messages(id).map((message) => message.text));
  }
  expect(texts.length).toBeGreaterThanOrEqual(5);
  for (const text of texts) expect(CYRILLIC.test(text)).toBe(true);
});

it.each(['ru', 'en'])('the buyers of the %s demo store write in its language only', (language) => {
  const { buyerTexts, firstBuyerMessage } = demoCatalog(language);
  for (const text of [...buyerTexts.waiting, ...buyerTexts.delivered, firstBuyerMessage]) {
    // Emails, account ids, "ID" and markup are the same in any language.
    const words = text.replace(/<\/?b>|\S+@\S+|ACC-\d+|\bID\b/g, ' ');
    expect({ text, foreign: language === 'ru' ? /[a-z]{2,}/i.test(words) : CYRILLIC.test(words) }).toEqual({ text, foreign: false });
  }
});

async function orderIds(baseUrl: string, apiKey: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/orders`, { headers: { authorization: `Bearer ${apiKey}` } });
  const body = (await response.json()) as { data: { orders: { id: string }[] } };
  return body.data.orders.map((order) => order.id);
}
