/** The naive baseline the benchmark compares against must itself be correct: every message once, every order once. */
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { createSellerApiClient, type SellerApiClient } from '../../src/seller-api/client.ts';
import { createNaivePoller, type NaivePoller } from '../../bench/subject/naive-poller.ts';
import { createRecordingSink } from '../../bench/subject/recording-sink.ts';
import type { Delivery } from '../../bench/protocol.ts';

const silent = pino({ level: 'silent' });
let sandbox: SandboxHandle | undefined;
let api: SellerApiClient | undefined;
let poller: NaivePoller | undefined;
afterEach(async () => {
  await poller?.stop();
  await api?.close();
  await sandbox?.close();
});

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('naive poller', () => {
  it('announces every open order once and relays every chat message once, across pages and rounds', async () => {
    sandbox = await startSandbox();
    const { control } = sandbox;
    const orders = Array.from({ length: 7 }, (_, i) => control.createOrder({ status: i < 5 ? 'processing' : 'paid' }).id);
    const early = orders.map((id) => control.postBuyerMessage(id, `hello ${id}`).id);
    api = createSellerApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.store.apiKey, logger: silent });
    const deliveries: Delivery[] = [];
    // Pages of 3 orders, so listing walks several pages of each status.
    poller = createNaivePoller({ api, sink: createRecordingSink((d) => deliveries.push(d)), intervalMs: 20, pageSize: 3, logger: silent });
    poller.start();
    await poller.firstRound();

    const late = control.postBuyerMessage(orders[2] as string, 'one more thing').id;
    const newcomer = control.createOrder({ status: 'paid' }).id;
    await until(
      () => deliveries.some((d) => d.kind === 'message' && d.messageId === late) && deliveries.some((d) => d.orderId === newcomer),
    );
    await new Promise((resolve) => setTimeout(resolve, 100)); // a few more rounds must not repeat anything

    const messages = deliveries.flatMap((d) => (d.kind === 'message' ? [d.messageId] : []));
    const announced = deliveries.flatMap((d) => (d.kind === 'order' ? [d.orderId] : []));
    expect(messages.sort()).toEqual([...early, late].sort());
    expect(announced.sort()).toEqual([...orders, newcomer].sort());
  });
});
