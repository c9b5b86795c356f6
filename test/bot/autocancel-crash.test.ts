/**
 * Auto-cancel through kill -9: a real bridge process (engine and bot) is killed at random moments while 12 untaken
 * orders of a product with auto-cancel are warned of, cancelled, apologised to and announced, and started again
 * until all of it is done. Every order must be cancelled once (one cancel action, answered by the store, not
 * refused as a second cancel), its buyer must get the "sorry" message once, and the chat must hear of each.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createTemplateQueries } from '../../src/db/templates.ts';
import { createReminderQueries } from '../../src/db/reminders.ts';
import type { SandboxHandle } from '../../src/sandbox/contract.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { mulberry32 } from '../../src/sandbox/random.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { ADMIN, GROUP_ID } from './harness.ts';
import { bundledChild, type BundledChild } from '../support/bundled-child.ts';

const ORDERS = 12;
const MAX_RUNS = 15;
const SORRY = 'Sorry: nobody could take your order in time, so it was cancelled and refunded.';

let sandbox: SandboxHandle;
let telegram: FakeTelegram;
let dir: string;
let dbPath: string;

beforeEach(async () => {
  // 20 requests a second: the engine paces itself, so the cancels take a while and the kills land among them (the
  // Telegram side no longer spaces them: each cancel's report goes beside the next action, not before it).
  sandbox = await startSandbox({ rateLimit: { limit: 1_200, windowMs: 60_000 } });
  telegram = await startFakeTelegram({ groups: [{ id: GROUP_ID, title: 'Store orders', type: 'supergroup' }] });
  dir = mkdtempSync(join(tmpdir(), 'autocancel-crash-'));
  dbPath = join(dir, 'bridge.sqlite');
});
// Bundled once: the test starts its child tens of times.
let bundled: BundledChild;
beforeAll(async () => {
  bundled = await bundledChild('test/bot/autocancel-crash-child.ts', 'autocancel-crash-child');
});
afterAll(() => bundled.remove());
afterEach(async () => {
  await telegram.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the child until it printed "started", then kills it with SIGKILL after `killAfterMs` or once `done()`. */
function runAndKill(killAfterMs: number, done?: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundled.path], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: {
        ...process.env,
        SANDBOX_URL: sandbox.baseUrl,
        SANDBOX_KEY: sandbox.store.apiKey,
        DB_PATH: dbPath,
        TELEGRAM_ROOT: telegram.apiRoot,
        TELEGRAM_TOKEN: telegram.token,
        CHAT_ID: String(GROUP_ID),
        ADMIN_ID: String(ADMIN.id),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let watch: NodeJS.Timeout | undefined;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('started')) return;
      if (done === undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      // Polled often: on loopback the child cancels an order every few ms, and a slow look would miss the moment.
      else watch = setInterval(() => done() && child.kill('SIGKILL'), 5);
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      clearInterval(watch);
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the child ended by itself (${code}): ${stderr}`));
    });
  });
}

it('cancels every order once, apologises once and tells the chat, whatever moment the process dies', async () => {
  const product = sandbox.control.products(sandbox.store.storeId)[0]?.id as ProductId;
  const seed = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  // A bridge that ran before (not this start's import), with auto-cancel after 60 ms for the product.
  createKeyValueStore(seed).set('sync.lastAliveAt', 1);
  createKeyValueStore(seed).set('reminders.since', 0);
  createReminderQueries(seed).setRule(product, 0.001, ADMIN.id, 0);
  // The seller's apology, sent by the bot with each auto-cancel.
  createTemplateQueries(seed).save('sorry', SORRY, 0);
  seed.close();
  const orders = Array.from({ length: ORDERS }, () => sandbox.control.createOrder({ status: 'paid', productId: product }).id);
  const cancelled = () => orders.filter((id) => sandbox.control.order(id)?.status === 'cancelled').length;
  const told = (id: string) => telegram.botMessages(GROUP_ID).filter((message) => message.text.startsWith(`✖️ Order ${id}`)).length;
  const apologised = (id: string) => sandbox.control.messages(id).filter((message) => message.text === SORRY).length;

  const random = mulberry32(20261123);
  const progress: number[] = [];
  let runs = 0;
  while (cancelled() < ORDERS && runs < MAX_RUNS) {
    runs += 1;
    // Half the kills wait for the next cancel or two to land (a fast machine would otherwise finish every order
    // before the first timer fires), half come at a random moment of the run.
    const target = cancelled() + 1 + Math.floor(random() * 2);
    if (runs % 2 === 1) await runAndKill(0, () => cancelled() >= target);
    else await runAndKill(50 + Math.floor(random() * 450));
    progress.push(cancelled());
  }
  // A last run finishes what the last kill interrupted (a cancel done but not recorded, a sorry or a notice not sent).
  await runAndKill(0, () => orders.every((id) => told(id) > 0 && apologised(id) > 0));
  // The kills landed while cancels were under way, not only before or after them.
  expect(progress.filter((n) => n > 0 && n < ORDERS).length).toBeGreaterThanOrEqual(2);

  const db = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  try {
    const actions = db.prepare(`SELECT order_id, kind, state FROM outbox ORDER BY id`).all() as {
      order_id: string;
      kind: string;
      state: string;
    }[];
    for (const id of orders) {
      expect(sandbox.control.order(id), id).toMatchObject({ status: 'cancelled', refunded: true });
      // One cancel, answered: a second one would have been refused by the store (ORDER_INVALID_STATUS) and failed.
      expect(
        actions.filter((action) => action.order_id === id && action.kind === 'cancel').map((action) => action.state),
        id,
      ).toEqual(['succeeded']);
      expect(apologised(id), id).toBe(1);
      expect(told(id), id).toBeGreaterThanOrEqual(1);
    }
    // A notice is posted again only when a kill fell between its send and its record: at most once per run.
    const notices = orders.reduce((sum, id) => sum + told(id), 0);
    expect(notices).toBeLessThanOrEqual(ORDERS + runs + 1);
  } finally {
    db.close();
  }
}, 120_000);
