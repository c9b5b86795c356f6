/**
 * Automatic answers through kill -9: a real bridge process (engine and bot, built as `npm start` builds it) is killed
 * at random moments while buyers of 12 orders ask two questions each that two keyword rules answer, and started
 * again until all of it is done. Each matching buyer message must get exactly one answer at the store (one outbox
 * action, one post), and the chat must hear of each.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAutoReplyQueries } from '../../src/db/autoreply.ts';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { openDatabase } from '../../src/db/open.ts';
import { createTemplateQueries } from '../../src/db/templates.ts';
import type { SandboxHandle } from '../../src/sandbox/contract.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { mulberry32 } from '../../src/sandbox/random.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';
import { ADMIN, GROUP_ID } from './harness.ts';
import { bundledChild, type BundledChild } from '../support/bundled-child.ts';

const ORDERS = 12;
const MAX_RUNS = 15;
const ANSWERS = { key: 'Keys arrive within ten minutes of payment.', refund: 'Refunds take three working days.' };
const QUESTIONS = { key: 'Where is my KEY?', refund: 'I want a refund please' };

let sandbox: SandboxHandle;
let telegram: FakeTelegram;
let dir: string;
let dbPath: string;

beforeEach(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 1_200, windowMs: 60_000 } });
  telegram = await startFakeTelegram({ groups: [{ id: GROUP_ID, title: 'Store orders', type: 'supergroup' }] });
  dir = mkdtempSync(join(tmpdir(), 'autoreply-crash-'));
  dbPath = join(dir, 'bridge.sqlite');
});
// Bundled once: the test starts its child tens of times.
let bundled: BundledChild;
beforeAll(async () => {
  bundled = await bundledChild('test/bot/autoreply-crash-child.ts', 'autoreply-crash-child');
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
      // Polled often: on loopback the child answers a message every few ms, and a slow look would miss the moment.
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

it('answers each matching buyer message exactly once and tells the chat, whatever moment the process dies', async () => {
  const seed = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  // A bridge that ran before: these orders are new, not the first start's import.
  createKeyValueStore(seed).set('sync.lastAliveAt', 1);
  createTemplateQueries(seed).save('faq-key', ANSWERS.key, 0);
  createTemplateQueries(seed).save('faq-refund', ANSWERS.refund, 0);
  createAutoReplyQueries(seed).addRule('faq-key', ['key'], ADMIN.id, 0);
  createAutoReplyQueries(seed).addRule('faq-refund', ['refund'], ADMIN.id, 0);
  seed.close();
  const orders = Array.from({ length: ORDERS }, () => sandbox.control.createOrder({ status: 'paid' }).id);
  for (const id of orders) {
    sandbox.control.postBuyerMessage(id, QUESTIONS.key);
    sandbox.control.postBuyerMessage(id, 'thanks in advance');
    sandbox.control.postBuyerMessage(id, QUESTIONS.refund);
  }
  const got = (id: string, text: string) => sandbox.control.messages(id).filter((message) => message.text === text).length;
  const answered = () => orders.reduce((sum, id) => sum + got(id, ANSWERS.key) + got(id, ANSWERS.refund), 0);
  const notices = (template: string) => telegram.botMessages(GROUP_ID).filter((message) => message.text === `🤖 Answered with ${template}`);
  const told = () => notices('faq-key').length + notices('faq-refund').length;

  const random = mulberry32(20261127);
  const progress: number[] = [];
  let runs = 0;
  while (answered() < 2 * ORDERS && runs < MAX_RUNS) {
    runs += 1;
    // Half the kills wait for the next answer or two to land, half come at a random moment of the run.
    const target = answered() + 1 + Math.floor(random() * 2);
    if (runs % 2 === 1) await runAndKill(0, () => answered() >= target);
    else await runAndKill(50 + Math.floor(random() * 450));
    progress.push(answered());
  }
  // A last run finishes what the last kill interrupted (an answer posted but not recorded, a notice not sent).
  await runAndKill(0, () => told() >= 2 * ORDERS);
  // At least one kill came mid-way, with answers both given and still to give (on a loaded machine the answers can
  // come faster than the parent looks, so more is not promised).
  expect(progress.filter((n) => n > 0 && n < 2 * ORDERS).length).toBeGreaterThanOrEqual(1);

  const db = openDatabase(dbPath, { logger: pino({ level: 'silent' }) });
  try {
    const actions = db
      .prepare(
        `SELECT order_id, json_extract(payload, '$.template') AS template, state FROM outbox WHERE json_extract(payload, '$.by') = 'autoreply'`,
      )
      .all() as { order_id: string; template: string; state: string }[];
    for (const id of orders) {
      expect({ id, key: got(id, ANSWERS.key), refund: got(id, ANSWERS.refund) }).toEqual({ id, key: 1, refund: 1 });
      const mine = actions.filter((action) => action.order_id === id);
      expect(mine.map((action) => `${action.template} ${action.state}`).sort()).toEqual(['faq-key succeeded', 'faq-refund succeeded']);
    }
    // Every answer is said under its buyer message; a kill between a notice's send and its record repeats that one.
    expect(told()).toBeGreaterThanOrEqual(2 * ORDERS);
    expect(told()).toBeLessThanOrEqual(2 * ORDERS + runs + 1);
    for (const notice of [...notices('faq-key'), ...notices('faq-refund')]) expect(notice.replyToMessageId).toBeDefined();
  } finally {
    db.close();
  }
}, 120_000);
