/**
 * How soon a buyer message a keyword rule matches is answered at the store once the bridge has read it: the chat read
 * that returned it (the sink is called right after it) → the answer's `createdAt` at the store. A focused run rather
 * than a scenario of `npm run bench`: the full harness measures what reaches Telegram over 15-minute windows and two
 * subjects; this needs one subject and one timestamp pair per answer, so it runs the real sync engine (real client,
 * real SQLite, the rules and templates in its database) in this process against the sandbox, with the benchmark's
 * store (120 requests a minute), its time compression (S = 60, store time reported) and its engine settings
 * (bench/subject/scaled-settings.ts), and a sink that answers at once, as the bot's queue does.
 *
 * Load: N open orders with history; 50 buyers in conversation write every 90 s on average, the others 2 messages a
 * minute in all; 40% of the messages ask something one of 5 rules answers (each rule answers an order once, so a
 * message whose rules all answered that order gets nothing and is not counted).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createAutoReplyQueries } from '../src/db/autoreply.ts';
import { openDatabase } from '../src/db/open.ts';
import { createTemplateQueries } from '../src/db/templates.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { deriveRandom, exponentialDelayMs } from '../src/sandbox/random.ts';
import type { SyncSink } from '../src/sync/contract.ts';
import { createSyncEngine } from '../src/sync/engine.ts';
import { POLL_INTERVAL_MS, STORE_RATE_LIMIT } from './profiles.ts';
import { scaledPollIntervalMs, scaledTuning } from './subject/scaled-settings.ts';
import { connectToStore } from './subject/subject.ts';
import { createTimeScale, MINUTE } from './time-scale.ts';

const RULES = [
  { template: 'faq-key', phrase: 'key', question: 'where is my KEY' },
  { template: 'faq-refund', phrase: 'refund', question: 'can I get a refund' },
  { template: 'faq-activate', phrase: 'how to activate', question: 'how to   activate it?' },
  { template: 'faq-region', phrase: 'регион', question: 'какой РЕГИОН у ключа?' },
  { template: 'faq-invoice', phrase: 'invoice', question: 'I need an invoice' },
];
const CHATTING = 50;

export interface LatencyOptions {
  openOrders: number;
  scale: number;
  /** Store time the buyers write for. */
  measureStoreMs: number;
  seed: number;
}

export interface LatencyFigures {
  openOrders: number;
  pollIntervalStoreS: number;
  /** Matching messages read, and how many a rule answered (the rest: every matching rule had answered that order). */
  read: number;
  answered: number;
  /** Read → answer at the store, store seconds. */
  p50S: number;
  p95S: number;
  maxS: number;
  /** Written → answered, store seconds: the chat's read schedule included. */
  writtenToAnsweredP95S: number;
  /** Store requests a minute over the run (the budget is the limit: 120). */
  requestsPerMinute: number;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchAnswerLatency(options: LatencyOptions): Promise<LatencyFigures> {
  const scale = createTimeScale(options.scale);
  const logger = pino({ level: 'silent' });
  const sandbox = await startSandbox({ rateLimit: { limit: STORE_RATE_LIMIT.limit, windowMs: scale.toReal(STORE_RATE_LIMIT.windowMs) } });
  const dir = mkdtempSync(join(tmpdir(), 'autoreply-bench-'));
  const db = openDatabase(join(dir, 'bridge.sqlite'), { logger });
  const only = { name: 'main', baseUrl: sandbox.baseUrl, apiKey: sandbox.store.apiKey };
  const store = connectToStore(
    { type: 'init', subject: 'ours', stores: [only], scale: scale.factor, windowStoreMs: STORE_RATE_LIMIT.windowMs, dataDir: dir },
    only,
    logger,
  );
  try {
    for (const rule of RULES) {
      createTemplateQueries(db).save(rule.template, `Answer of ${rule.template} for {order}.`, 0);
      createAutoReplyQueries(db).addRule(rule.template, [rule.phrase], undefined, 0);
    }
    const random = deriveRandom(options.seed, 'autoreply');
    const orders = Array.from({ length: options.openOrders }, (_, i) => {
      const order = sandbox.control.createOrder({
        status: 'processing',
        createdAt: new Date(Date.now() - scale.toReal(60 * MINUTE)).toISOString(),
      });
      if (i % 3 === 0)
        sandbox.control.postBuyerMessage(order.id, 'an earlier line', {
          createdAt: new Date(Date.now() - scale.toReal(30 * MINUTE)).toISOString(),
        });
      return order.id;
    });
    const readAt = new Map<string, number>();
    const sink: SyncSink = {
      orderAppeared: async () => ({ telegram: [] }),
      orderChanged: async () => ({ telegram: [] }),
      messageArrived: async (_order, message) => {
        readAt.set(message.id, Date.now());
        return { telegram: [] };
      },
      actionSettled: async () => undefined,
    };
    const engine = createSyncEngine({
      ...scaledTuning(scale),
      api: store.api,
      db,
      sink,
      logger,
      pollIntervalMs: scaledPollIntervalMs(scale),
    });
    engine.start();
    await engine.sinceLastRun();
    sandbox.control.resetStats();
    const startedAt = Date.now();

    const matching = new Map<string, { orderId: string; writtenAt: number }>();
    const write = (orderId: string) => {
      const rule = random() < 0.4 ? RULES[Math.floor(random() * RULES.length)] : undefined;
      const message = sandbox.control.postBuyerMessage(orderId, rule ? `hello, ${rule.question}` : 'hello, any news?');
      if (rule) matching.set(message.id, { orderId, writtenAt: Date.parse(message.createdAt) });
    };
    const chatting = orders.slice(0, CHATTING);
    const quiet = orders.slice(CHATTING);
    let nextChat = exponentialDelayMs(random, CHATTING / 1.5);
    let nextQuiet = exponentialDelayMs(random, 2);
    for (let at = 0; at < options.measureStoreMs; ) {
      const due = Math.min(nextChat, nextQuiet);
      await sleep(Math.max(0, startedAt + scale.toReal(due) - Date.now()));
      at = due;
      if (due === nextChat) {
        write(chatting[Math.floor(random() * chatting.length)] as string);
        nextChat += exponentialDelayMs(random, CHATTING / 1.5);
      } else if (quiet.length > 0) {
        write(quiet[Math.floor(random() * quiet.length)] as string);
        nextQuiet += exponentialDelayMs(random, 2);
      } else nextQuiet = Number.POSITIVE_INFINITY;
    }
    // Grace: every matching message written gets read (two store minutes more at most).
    const graceEnd = Date.now() + scale.toReal(2 * MINUTE);
    while (Date.now() < graceEnd && [...matching.keys()].some((id) => !readAt.has(id))) await sleep(scale.toReal(1_000));
    await sleep(scale.toReal(20_000));
    const requests = Object.values(sandbox.control.stats().byRoute).reduce((sum, count) => sum + count, 0);
    const elapsedStoreMinutes = scale.toStoreMs(Date.now() - startedAt) / MINUTE;
    await engine.stop();

    const answers = db
      .prepare(
        `SELECT json_extract(payload, '$.answers') AS answers, order_id, json_extract(result, '$.messageId') AS posted
         FROM outbox WHERE json_extract(payload, '$.by') = 'autoreply' AND state = 'succeeded'`,
      )
      .all() as { answers: string; order_id: string; posted: string }[];
    const latencies: number[] = [];
    const fromWritten: number[] = [];
    for (const answer of answers) {
      const posted = sandbox.control.messages(answer.order_id).find((message) => message.id === answer.posted);
      const read = readAt.get(answer.answers);
      const written = matching.get(answer.answers);
      if (posted === undefined || read === undefined || written === undefined) continue;
      latencies.push(scale.toStoreMs(Date.parse(posted.createdAt) - read) / 1000);
      fromWritten.push(scale.toStoreMs(Date.parse(posted.createdAt) - written.writtenAt) / 1000);
    }
    return {
      openOrders: options.openOrders,
      pollIntervalStoreS: POLL_INTERVAL_MS / 1000,
      read: [...matching.keys()].filter((id) => readAt.has(id)).length,
      answered: latencies.length,
      p50S: percentile(latencies, 0.5),
      p95S: percentile(latencies, 0.95),
      maxS: Math.max(...latencies),
      writtenToAnsweredP95S: percentile(fromWritten, 0.95),
      requestsPerMinute: requests / elapsedStoreMinutes,
    };
  } finally {
    await store.close();
    db.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
