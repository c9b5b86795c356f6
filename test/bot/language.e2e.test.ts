/**
 * BOT_LANGUAGE decides what the orders chat sees; /language lets one admin have the bot's answers to them in
 * another language (kept in SQLite across restarts), while cards stay in the chat's language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, createBridgeHarness, eventually, GROUP_ID, labels, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const inGroup = { chatId: GROUP_ID };
const lastIn = (chatId: number) => h!.telegram.botMessages(chatId).at(-1)!;
const answerTo = (queryId: string) => h!.telegram.callbackAnswer(queryId)?.text;

describe('BOT_LANGUAGE=ru', () => {
  it('posts cards, buttons and button answers in Russian, buyer text escaped as ever', async () => {
    h = await createBridgeHarness({ bot: { language: 'ru', timeZone: 'Asia/Kolkata' } });
    const { order, card } = await h.createPaidOrder();
    expect(card.text).toContain('Статус: 🟢 оплачен, ещё не взят в работу');
    expect(card.text).toMatch(/Создан: \d\d\.\d\d\.\d{4}, \d\d:\d\d GMT\+5:30/);
    expect(labels(card)).toEqual(['Взять', 'Отменить', '⚡ Быстрый ответ']);

    const take = h.telegram.tapLabel(ADMIN, card.messageId, 'Взять', inGroup);
    await eventually(() => expect(labels(h!.cardsOf(order.id)[0])).toEqual(['Выдать', 'Отменить', '⚡ Быстрый ответ']));
    expect(answerTo(take)).toBe('Берём заказ в работу…');

    h.sandbox.control.postBuyerMessage(order.id, 'Привет <b>&amp;');
    await h.engine.pollNow();
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('💬 Покупатель · заказ'));
    expect(lastIn(GROUP_ID).text).toContain('Привет <b>&amp;');
    expect(lastIn(GROUP_ID).source).toContain('Привет &lt;b&gt;&amp;amp;');

    h.telegram.sendText(ADMIN, '/help', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Как это работает'));
  });
});

describe('/language', () => {
  it('offers each language in its own name, answers that admin in the choice from then on, and keeps cards in the chat language', async () => {
    h = await createBridgeHarness();
    h.telegram.sendText(ADMIN, '/language', inGroup);
    await eventually(() => expect(labels(lastIn(GROUP_ID))).toEqual(['English', 'Русский']));
    const question = lastIn(GROUP_ID);
    expect(question.text).toContain('Pick the language');

    const tap = h.telegram.tapLabel(ADMIN, question.messageId, 'Русский', inGroup);
    await eventually(() => expect(answerTo(tap)).toBe('Теперь бот отвечает вам по-русски.'));
    await eventually(() => expect(h!.telegram.message(GROUP_ID, question.messageId)?.text).toBe('Теперь бот отвечает вам по-русски.'));

    h.telegram.sendText(ADMIN, '/status', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Связь с магазином работает'));

    // The shared chat's texts do not follow one admin's choice.
    const { card } = await h.createPaidOrder();
    expect(card.text).toContain('Status: 🟢 paid, waiting to be taken');
    expect(labels(card)).toEqual(['Take', 'Cancel']);

    // Kept in the database: a new process still answers in Russian.
    await h.restart();
    h.telegram.sendText(ADMIN, '/help', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Как это работает'));
  });

  it('ignores a forged language button (a language without a locale folder)', async () => {
    h = await createBridgeHarness();
    const { card } = await h.createPaidOrder();
    const forged = h.telegram.sendCallback(ADMIN, card.messageId, 'l:de', inGroup);
    await eventually(() => expect(answerTo(forged)).toBe('This button is no longer valid. Use the buttons on the order card.'));
    h.telegram.sendText(ADMIN, '/status', inGroup);
    await eventually(() => expect(lastIn(GROUP_ID).text).toContain('Sync is running'));
  });
});
