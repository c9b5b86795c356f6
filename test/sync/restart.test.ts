/**
 * Restarts after crashes: at the two points around the sink (after the store answered and before the sink was
 * called; after the sink confirmed and before sync committed). A new engine over the same database file must
 * lose nothing and repeat at most the one event that was in the crash window.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import type { SyncEvent } from '../../src/sync/hand-off/hand-off.ts';
import { createHarness, type Harness } from './harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

class SimulatedCrash extends Error {}
const crashWhen = (match: (event: SyncEvent) => boolean) => (event: SyncEvent) => {
  if (match(event)) throw new SimulatedCrash(`crash at ${event.kind}`);
};
const isMessage = (text: string) => (event: SyncEvent) => event.kind === 'messageArrived' && event.message.text === text;

/** The first engine "dies": its connection goes away without another write, as with a killed process. */
function die(): void {
  h.db.close();
}

describe('a crash after the sink confirmed and before the commit', () => {
  it('repeats exactly that message once after a restart, and loses nothing', async () => {
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    for (const text of ['m1', 'm2', 'm3']) h.sandbox.control.postBuyerMessage(order, text);
    const engine = h.engine({ testHooks: { beforeCommit: crashWhen(isMessage('m2')) } });
    await engine.pollNow();
    expect(h.sink.messages().map((message) => message.text)).toEqual(['m1', 'm2']);
    die();

    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    await restarted.pollNow();
    expect(h.sink.events.map((event) => (event.kind === 'messageArrived' ? event.text : event.kind))).toEqual([
      'orderAppeared',
      'm1',
      'm2',
      'm2', // the one repeat: it was in the crash window
      'm3',
    ]);
  });

  it('repeats exactly that new order once, and the other orders not at all', async () => {
    const [a, b, c] = [1, 2, 3].map(() => h.sandbox.control.createOrder({ status: 'paid' }).id);
    const engine = h.engine({ testHooks: { beforeCommit: crashWhen((event) => event.kind === 'orderAppeared' && event.order.id === b) } });
    await engine.pollNow();
    die();

    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    const appeared = h.sink.appeared();
    expect(appeared.filter((id) => id === b)).toHaveLength(2);
    expect(appeared.filter((id) => id === a)).toHaveLength(1);
    expect(appeared.filter((id) => id === c)).toHaveLength(1);
    // The repeated card is the one linked to the order now.
    expect(restarted.findOrder(b as OrderId)?.telegram).toHaveLength(1);
  });

  it('repeats exactly that status change once', async () => {
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    const engine = h.engine({ testHooks: { beforeCommit: crashWhen((event) => event.kind === 'orderChanged') } });
    await engine.pollNow();
    h.sandbox.control.setOrderStatus(order, 'processing');
    await engine.pollNow();
    die();

    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    await restarted.pollNow();
    expect(h.sink.changes().map(({ previousStatus, status }) => `${previousStatus}->${status}`)).toEqual([
      'paid->processing',
      'paid->processing',
    ]);
  });
});

describe('a crash after the store answered and before the sink was called', () => {
  it('delivers the message after the restart, once, with nothing repeated', async () => {
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    for (const text of ['m1', 'm2', 'm3']) h.sandbox.control.postBuyerMessage(order, text);
    const engine = h.engine({ testHooks: { beforeSink: crashWhen(isMessage('m2')) } });
    await engine.pollNow();
    expect(h.sink.messages().map((message) => message.text)).toEqual(['m1']);
    die();

    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    expect(h.sink.messages().map((message) => message.text)).toEqual(['m1', 'm2', 'm3']);
    expect(h.sink.appeared()).toEqual([order]);
  });

  it('announces the order after the restart, once', async () => {
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    const engine = h.engine({ testHooks: { beforeSink: crashWhen((event) => event.kind === 'orderAppeared') } });
    await engine.pollNow();
    expect(h.sink.events).toEqual([]);
    die();
    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    await restarted.pollNow();
    expect(h.sink.appeared()).toEqual([order]);
  });
});

describe('a real process killed with SIGKILL in the crash window', () => {
  it('loses nothing and repeats only the message it was relaying', async () => {
    const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
    const texts = ['k1', 'k2', 'k3', 'k4'];
    for (const text of texts) h.sandbox.control.postBuyerMessage(order, text);
    h.db.close(); // the child owns the file while it runs
    const eventsPath = join(h.dbPath, '..', 'events.jsonl');

    const exit = await new Promise<NodeJS.Signals | number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'crash-child.ts')], {
        cwd: join(import.meta.dirname, '..', '..'),
        env: {
          ...process.env,
          SANDBOX_URL: h.sandbox.baseUrl,
          SANDBOX_KEY: h.sandbox.store.apiKey,
          DB_PATH: h.dbPath,
          EVENTS_PATH: eventsPath,
          CRASH_AT_TEXT: 'k3',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (signal === null && code !== 0) reject(new Error(`child failed (${code}): ${stderr}`));
        resolve(signal ?? code);
      });
    });
    expect(exit).toBe('SIGKILL');
    expect(existsSync(eventsPath)).toBe(true);
    const before = readFileSync(eventsPath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; text?: string });
    expect(before.map((event) => event.text ?? event.kind)).toEqual(['orderAppeared', 'k1', 'k2', 'k3']);

    const { engine: restarted } = h.restart();
    await restarted.pollNow();
    await restarted.pollNow();
    // After the restart: k3 once more (it was in the window), then k4; the order is not announced again.
    expect(h.sink.events.map((event) => (event.kind === 'messageArrived' ? event.text : event.kind))).toEqual(['k3', 'k4']);
  }, 30_000);
});
