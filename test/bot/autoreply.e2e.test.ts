/**
 * Answers while the seller sleeps through the public surfaces (the fake Bot API, the sandbox store): /autoreply and
 * /away as admins, staff and strangers use them, and each automatic answer shown under the buyer's relayed message,
 * in /order's history, and named by /untemplate when its template goes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, settled, STRANGER, type BridgeHarness } from './harness.ts';

const STAFF: FakeUser = { id: 3003, first_name: 'Anna' };
const inGroup = { chatId: GROUP_ID };
const FAQ = 'Keys arrive within 10 minutes of payment.';
const AWAY = 'We are asleep; we answer from 9:00.';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness({ bot: { staffIds: [STAFF.id] } });
});
afterEach(() => h.close());

/** Sends a command and waits for the bot's answer to it. */
async function command(text: string, from: FakeUser = ADMIN): Promise<string> {
  const sent = h.telegram.sendText(from, text, inGroup);
  let answer = '';
  await eventually(() => {
    const reply = h.repliesTo(sent.message_id)[0];
    if (!reply) throw new Error(`no answer to ${text}`);
    answer = reply.text;
  });
  return answer;
}

const sellerTexts = (orderId: string) =>
  h.sandbox.control
    .messages(orderId)
    .filter((message) => message.senderRole === 'seller')
    .map((message) => message.text);

/** The buyer writes; resolves with the Telegram message the bot relayed it in. */
async function buyerWrites(orderId: string, text: string) {
  h.sandbox.control.postBuyerMessage(orderId, text);
  await h.engine.pollNow();
  let relayed: ReturnType<BridgeHarness['lastBotMessage']> | undefined;
  await eventually(() => {
    relayed = h.telegram.botMessages(GROUP_ID).find((message) => message.text.includes(text));
    expect(relayed).toBeDefined();
  });
  return relayed!;
}

describe('/autoreply', () => {
  it('adds a rule only for a template that exists, lists them numbered, deletes by number', async () => {
    expect(await command('/autoreply')).toContain('No keyword rules yet.');
    expect(await command('/autoreply add faq-delivery key; when will I get')).toBe(
      'Not saved: no template faq-delivery. Save it first: /template faq-delivery <text>.',
    );
    await command(`/template faq-delivery ${FAQ}`);
    expect(await command('/autoreply add faq-delivery ;;')).toContain('Not saved: name at least one phrase');
    expect(await command('/autoreply add faq-delivery key; when will I get')).toBe(
      '✓ Rule 1 added: faq-delivery answers any of its 2 phrases from now on.',
    );
    await command('/template faq-refund Refunds take 3 days.');
    expect(await command('/autoreply add FAQ-refund refund')).toBe('✓ Rule 2 added: faq-refund answers its phrase from now on.');
    const list = await command('/autoreply');
    expect(list).toContain('Keyword rules: 2');
    expect(list).toContain('1. faq-delivery ← key · when will I get');
    expect(list).toContain('2. faq-refund ← refund');

    expect(await command('/autoreply del 3')).toBe('No rule 3: the rules are numbered 1 to 2, as /autoreply lists them.');
    expect(await command('/autoreply del 1')).toBe('✓ Rule 1 (faq-delivery) deleted.');
    expect(await command('/autoreply')).toContain('1. faq-refund ← refund');
  });

  it('staff are refused adding and deleting, strangers get nothing, and nothing changes', async () => {
    await command(`/template faq-delivery ${FAQ}`);
    await command('/autoreply add faq-delivery key');
    expect(await command('/autoreply add faq-delivery refund', STAFF)).toMatch(/Only an admin can do this/);
    expect(await command('/autoreply del 1', STAFF)).toMatch(/Only an admin can do this/);
    h.telegram.sendText(STRANGER, '/autoreply del 1', inGroup);
    await settled(h);
    // Staff may read the rules.
    const list = await command('/autoreply', STAFF);
    expect(list).toContain('Keyword rules: 1');
    expect(list).toContain('1. faq-delivery ← key');
  });
});

describe('an automatic answer', () => {
  it('goes to the buyer once, is shown under their message, in /order, and /untemplate says the rule stops', async () => {
    await command(`/template faq-delivery ${FAQ}`);
    await command('/autoreply add faq-delivery key');
    const { order } = await h.createPaidOrder();
    const question = await buyerWrites(order.id, 'Where is my KEY?');
    await eventually(() => expect(sellerTexts(order.id)).toEqual([FAQ]));
    await eventually(() => expect(h.repliesTo(question.messageId).map((m) => m.text)).toEqual(['🤖 Answered with faq-delivery']));
    await buyerWrites(order.id, 'key??');
    await h.engine.pollNow();
    await h.drained();
    expect(sellerTexts(order.id)).toEqual([FAQ]);
    expect(h.telegram.botMessages(GROUP_ID).filter((m) => m.text.startsWith('🤖'))).toHaveLength(1);

    h.telegram.sendText(ADMIN, `/order ${order.id}`, inGroup);
    const history = () => h.telegram.botMessages(GROUP_ID).find((m) => m.text.startsWith('🕓 History of order'))?.text ?? '';
    await eventually(() => expect(history()).toMatch(/message by bot \(autoreply faq-delivery\): done/));

    const untemplate = await command('/untemplate faq-delivery');
    expect(untemplate).toContain('✓ Template faq-delivery deleted.');
    expect(untemplate).toContain('Keyword rule 1 used it: it no longer answers until you save the template again.');
    expect(await command('/autoreply')).toContain('1. faq-delivery ← key (no such template: not answering)');
  });

  it('while away: the away template answers once, said as such; /away shows and switches the state', async () => {
    await command(`/template away ${AWAY}`);
    expect(await command('/away')).toBe(
      '☀️ You are working (no WORKING_HOURS: until /away on).\nThe template away answers a buyer who writes while you are away, once per order.',
    );
    expect(await command('/away on', STAFF)).toMatch(/Only an admin can do this/);
    expect(await command('/away on')).toMatch(/^🌙 You are away \(\/away on\), until \/away off\./);
    const { order } = await h.createPaidOrder();
    const question = await buyerWrites(order.id, 'hello?');
    await eventually(() => expect(sellerTexts(order.id)).toEqual([AWAY]));
    await eventually(() => expect(h.repliesTo(question.messageId).map((m) => m.text)).toEqual(['🤖 Answered with away (you are away)']));
    await buyerWrites(order.id, 'anyone?');
    expect(await command('/away off')).toMatch(/^☀️ You are working/);
    await buyerWrites(order.id, 'and now?');
    await h.engine.pollNow();
    expect(sellerTexts(order.id)).toEqual([AWAY]);
    h.telegram.sendText(ADMIN, `/order ${order.id}`, inGroup);
    const history = () => h.telegram.botMessages(GROUP_ID).find((m) => m.text.startsWith('🕓 History of order'))?.text ?? '';
    await eventually(() => expect(history()).toMatch(/message by bot \(away\): done/));
    expect(await command('/untemplate away')).toContain('Buyers are no longer answered while you are away.');
  });
});
