/**
 * Answers while the seller sleeps in a Russian chat (BOT_LANGUAGE=ru), through the fake Bot API and the sandbox store:
 * a rule with Russian phrases answers a buyer who writes «е» for «ё» and shouts, the notice, /order's history and the
 * refusals read in Russian with no English word of ours, and /away speaks Russian.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, type BridgeHarness } from './harness.ts';

const STAFF: FakeUser = { id: 3003, first_name: 'Анна' };
const inGroup = { chatId: GROUP_ID };
const FAQ = 'Ключ приходит в течение 10 минут после оплаты.';
const AWAY = 'Мы спим; ответим с 9:00.';

let h: BridgeHarness;
beforeEach(async () => {
  h = await createBridgeHarness({ bot: { language: 'ru', staffIds: [STAFF.id] } });
});
afterEach(() => h.close());

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

const history = () => h.telegram.botMessages(GROUP_ID).find((m) => m.text.startsWith('🕓 История заказа'))?.text ?? '';

describe('answers while you sleep, in Russian', () => {
  it('a Russian rule answers «когда придет КЛЮЧ», said in Russian under the message and in /order', async () => {
    expect(await command('/autoreply add faq-доставка ключ')).toBe(
      'Не сохранено: шаблона faq-доставка нет. Сначала сохраните его: /template faq-доставка <текст>.',
    );
    await command(`/template faq-доставка ${FAQ}`);
    expect(await command('/autoreply add faq-доставка когда придёт ключ; где мой заказ', STAFF)).toMatch(
      /^Это может сделать только администратор/,
    );
    expect(await command('/autoreply')).toContain('Правил автоответа пока нет.');
    expect(await command('/autoreply add faq-доставка когда придёт ключ; где мой заказ')).toBe(
      '✓ Правило 1 добавлено: теперь на любую из этих фраз бот отвечает шаблоном faq-доставка.',
    );

    const { order } = await h.createPaidOrder();
    // Not the phrase: «ключ» alone is not «когда придёт ключ».
    await buyerWrites(order.id, 'Здравствуйте! Ключ рабочий?');
    const question = await buyerWrites(order.id, 'Когда   придет КЛЮЧ?');
    await eventually(() => expect(sellerTexts(order.id)).toEqual([FAQ]));
    await eventually(() => expect(h.repliesTo(question.messageId).map((m) => m.text)).toEqual(['🤖 Бот ответил шаблоном faq-доставка']));

    h.telegram.sendText(ADMIN, `/order ${order.id}`, inGroup);
    await eventually(() => expect(history()).toMatch(/сообщение · бот \(автоответ faq-доставка\): выполнено/));
    expect(history()).not.toMatch(/autoreply/);
  });

  it('/away on in Russian: the away template answers, said as such', async () => {
    await command(`/template away ${AWAY}`);
    expect(await command('/away on', STAFF)).toMatch(/^Это может сделать только администратор/);
    expect(await command('/away on')).toMatch(/^🌙 Вас нет на месте \(\/away on\) до команды \/away off\./);
    const { order } = await h.createPaidOrder();
    const question = await buyerWrites(order.id, 'Есть кто?');
    await eventually(() => expect(sellerTexts(order.id)).toEqual([AWAY]));
    await eventually(() =>
      expect(h.repliesTo(question.messageId).map((m) => m.text)).toEqual(['🤖 Бот ответил шаблоном away (вас нет на месте)']),
    );
    h.telegram.sendText(ADMIN, `/order ${order.id}`, inGroup);
    await eventually(() => expect(history()).toMatch(/сообщение · бот \(вас не было на месте\): выполнено/));
  });
});
