/**
 * Answers while the seller sleeps, through the real engine and the sandbox: a keyword rule's template and the away
 * answer, each once, and never when they must not (the seller's own message, a person answered lately, history, a
 * message older than the rule, a second answer to one message), also through a crash in the commit.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { switchAway } from '../../src/core/away.ts';
import { createAutoReplyQueries } from '../../src/db/autoreply.ts';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { createTemplateQueries } from '../../src/db/templates.ts';
import type { OrderId } from '../../src/seller-api/schemas.ts';
import { parseWeeklyHours } from '../../src/shared/weekly-hours.ts';
import type { BridgeSyncEngine, SyncEngineOptions } from '../../src/sync/engine.ts';
import { createHarness, createPaidOrder, pause, type Harness } from './harness.ts';

const FAQ = 'Your key comes within 10 minutes of payment.';
const AWAY = 'The seller is asleep and answers from 9:00.';
const NO_HOURS = { hours: undefined, timeZone: 'UTC' };

let h: Harness;
beforeEach(async () => {
  written = [];
  h = await createHarness();
  const templates = createTemplateQueries(h.db);
  templates.save('faq-delivery', FAQ, 1);
  templates.save('away', AWAY, 1);
});
afterEach(() => h.close());

const rules = () => createAutoReplyQueries(h.db);
const answers = (orderId: string) =>
  h.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);
/** Ids of the messages written: `settle` waits until each reached the sink. */
let written: string[] = [];
const write = (orderId: OrderId, text: string, options: { senderRole?: string; createdAt?: string } = {}) =>
  written.push(h.sandbox.control.postBuyerMessage(orderId, text, options).id);

/** Polls until every message written reached the sink and nothing waits in the outbox (a busy machine needs more cycles). */
async function settle(engine: BridgeSyncEngine): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await engine.pollNow();
    const relayed = new Set(h.sink.messages().map((message) => message.messageId));
    if (written.every((id) => relayed.has(id)) && engine.status().outboxDepth === 0) return;
    if (Date.now() > deadline) throw new Error('messages not relayed, or answers not sent, within 10 s');
  }
}
const awayNow = () => rules().setAway(switchAway(NO_HOURS, true, Date.now()));

/** An engine with the order known, the rule "key; when will I get" answering with faq-delivery. */
async function ready(overrides: Partial<SyncEngineOptions> = {}) {
  rules().addRule('faq-delivery', ['key', 'when will I get'], 1, Date.now() - 1_000);
  const engine = h.engine({ autoAnswers: { quietMs: 60_000 }, ...overrides });
  const order = createPaidOrder(h);
  await engine.pollNow();
  return { engine, order };
}

describe('keyword answers', () => {
  it('answers a matching message once per order per rule, whatever the case, ё or spaces', async () => {
    const { engine, order } = await ready();
    const other = createPaidOrder(h);
    write(order, 'Hi! WHEN   will i get my order?');
    write(other, 'Ключ не пришёл. Where is the KEY?');
    await settle(engine);
    expect(answers(order)).toEqual([FAQ]);
    expect(answers(other)).toEqual([FAQ]);

    write(order, 'the key, please');
    write(order, 'keyboard layout is wrong');
    await settle(engine);
    expect(answers(order)).toEqual([FAQ]);
  });

  it('whole words only, in any script; no answer without the template', async () => {
    const { engine, order } = await ready();
    rules().addRule('faq-ru', ['ключ активации'], 1, Date.now() - 1_000);
    write(order, 'monkey business');
    await settle(engine);
    expect(answers(order)).toEqual([]);
    write(order, 'где мой КЛЮЧ   АКТИВАЦИИ?');
    await settle(engine);
    // Only faq-ru matches (`ключ` is not `key`), and it has no template yet: nothing.
    expect(answers(order)).toEqual([]);
    createTemplateQueries(h.db).save('faq-ru', 'Ключ приходит на почту.', 2);
    write(order, 'ключ активации?');
    await settle(engine);
    expect(answers(order)).toEqual(['Ключ приходит на почту.']);
  });

  it("never answers the seller's own message, and not after a person answered within the quiet minutes", async () => {
    const { engine, order } = await ready({ autoAnswers: { quietMs: 2_000 } });
    write(order, 'the key is on its way', { senderRole: 'seller' });
    await settle(engine);
    write(order, 'where is my key?');
    await settle(engine);
    expect(answers(order)).toEqual(['the key is on its way']);

    const second = createPaidOrder(h);
    await engine.pollNow();
    // A reply typed in Telegram (no `by`): a person answered.
    engine.enqueue({ kind: 'message', orderId: second, text: 'Hello, I am here', origin: { chatId: -100123, messageId: 77 } });
    await settle(engine);
    write(second, 'key?');
    await settle(engine);
    expect(answers(second)).toEqual(['Hello, I am here']);

    await pause(2_100);
    write(second, 'still no key');
    await settle(engine);
    expect(answers(second)).toEqual(['Hello, I am here', FAQ]);
  });

  it('never answers a message the seller answered on the website later in the same read (after a downtime)', async () => {
    const { engine, order } = await ready({ autoAnswers: { quietMs: 0 } });
    // Written after the rule, and before the seller's answer.
    write(order, 'my key?', { createdAt: new Date(Date.now() - 100).toISOString() });
    write(order, 'Here it is: check your email', { senderRole: 'seller' });
    await settle(engine);
    expect(h.sink.messages(order).map((message) => message.text)).toEqual(['my key?', 'Here it is: check your email']);
    expect(answers(order)).toEqual(['Here it is: check your email']);
  });

  it('never answers a message written before the rule existed, nor the first start’s history', async () => {
    const engine = h.engine();
    const order = createPaidOrder(h);
    await engine.pollNow();
    write(order, 'my key?', { createdAt: new Date(Date.now() - 60_000).toISOString() });
    rules().addRule('faq-delivery', ['key'], 1, Date.now() - 1_000);
    await settle(engine);
    expect(h.sink.messages(order).map((message) => message.text)).toEqual(['my key?']);
    expect(answers(order)).toEqual([]);

    // Everything written before the first start is its import's history.
    createKeyValueStore(h.db).set('sync.firstStartedAt', Date.now() + 60_000);
    write(order, 'key key key');
    await settle(engine);
    expect(h.sink.messages(order).at(-1)).toMatchObject({ text: 'key key key', timing: 'history' });
    expect(answers(order)).toEqual([]);
  });
});

describe('away', () => {
  it('answers once per order per away period; a matching keyword rule wins; one answer per message', async () => {
    const { engine, order } = await ready();
    awayNow();
    write(order, 'hello?');
    await settle(engine);
    expect(answers(order)).toEqual([AWAY]);

    // Matching: the rule answers, not away again; non-matching in the same period: nothing.
    write(order, 'hello, my key?');
    write(order, 'anyone?');
    await settle(engine);
    expect(answers(order)).toEqual([AWAY, FAQ]);

    // The rule spent in this order, away spent in this period: silence. A new period answers again.
    write(order, 'key???');
    await settle(engine);
    expect(answers(order)).toEqual([AWAY, FAQ]);
    rules().setAway(switchAway(NO_HOURS, false, Date.now()));
    await pause(5);
    awayNow();
    write(order, 'key!!!');
    await settle(engine);
    expect(answers(order)).toEqual([AWAY, FAQ, AWAY]);
  });

  it('outside WORKING_HOURS the seller is away; inside them nobody is answered for being away', async () => {
    const hour = new Date().getUTCHours();
    const hh = (shift: number) => `${String((hour + shift + 24) % 24).padStart(2, '0')}:00`;
    const openNow = parseWeeklyHours(`${hh(-1)}-${hh(2)}`);
    const closedNow = parseWeeklyHours(`${hh(3)}-${hh(-2)}`);
    if (!openNow.ok || !closedNow.ok) throw new Error('hours refused');
    const { engine, order } = await ready({ autoAnswers: { hours: closedNow.hours, timeZone: 'UTC', quietMs: 60_000 } });
    const working = h.engine({ autoAnswers: { hours: openNow.hours, timeZone: 'UTC' } });
    write(order, 'hello?');
    await settle(working);
    expect(answers(order)).toEqual([]);
    write(order, 'hello again?');
    await settle(engine);
    expect(answers(order)).toEqual([AWAY]);
  });
});

it('a crash between the relay and its commit answers once, after the restart', async () => {
  rules().addRule('faq-delivery', ['key'], 1, Date.now() - 1_000);
  let crashes = 0;
  const engine = h.engine({
    testHooks: {
      beforeCommit: (event) => {
        if (event.kind === 'messageArrived' && crashes++ === 0) throw new Error('killed in the crash window');
      },
    },
  });
  const order = createPaidOrder(h);
  await engine.pollNow();
  write(order, 'key?');
  while (crashes === 0) await engine.pollNow().catch(() => undefined);
  expect(answers(order)).toEqual([]);
  const { engine: restarted } = h.restart();
  const deadline = Date.now() + 10_000;
  while (answers(order).length === 0 && Date.now() < deadline) await restarted.pollNow();
  await restarted.pollNow();
  await restarted.pollNow();
  expect(answers(order)).toEqual([FAQ]);
  expect(h.sink.messages(order).map((message) => message.text)).toEqual(['key?', 'key?']);
});
