/**
 * Pacing with priorities: a new send goes before card edits still waiting for the same chat, edits keep their order,
 * and the per-chat gap, the group's budget per minute and a 429's place in line hold as before.
 */
import { Bot } from 'grammy';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiTransformers, DEFAULT_RETRY, type TelegramPacing } from '../../src/bot/transport/api-transformers.ts';
import { createTelegramPacer, pacingPriority } from '../../src/bot/transport/telegram-pacer.ts';
import { clockedTelegram, type SentRequest } from '../support/clocked-telegram.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const GROUP = -1001234567890;
const BUYER = { id: 4242, first_name: 'Buyer' };
const GAP_MS = 200;
const PACING = { perChatIntervalMs: GAP_MS, groupPerMinute: 1000, globalPerSecond: 1000 };
let telegram: FakeTelegram | undefined;

async function pacedBot(pacing: Partial<TelegramPacing> = {}) {
  telegram = await startFakeTelegram({ groups: [{ id: GROUP, title: 'Sellers', type: 'supergroup' }] });
  const bot = new Bot(telegram.token, { client: { apiRoot: telegram.apiRoot } });
  bot.api.config.use(...createApiTransformers({ ...PACING, ...pacing }, DEFAULT_RETRY));
  return { bot, telegram };
}

/** The calls to a chat as `method:text`, in the order the fake received them. */
function callsTo(fake: FakeTelegram, chatId: number) {
  return fake.calls.filter((call) => call.params.chat_id === chatId).map((call) => `${call.method}:${String(call.params.text)}`);
}

const labels = (sent: SentRequest[]) => sent.map((request) => request.label);

/** Gaps between the moments the pacer let requests go, on the fake clock: exact, so no allowance. */
function expectGapsAtLeast(sent: SentRequest[], gapMs: number) {
  for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at, sent[i]!.label).toBeGreaterThanOrEqual(gapMs);
}

afterEach(async () => {
  await telegram?.close();
  telegram = undefined;
});

describe('priorities', () => {
  // The fake clock: a request leaves when the pacer decides, never later because the machine was busy.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['a group', GROUP],
    ['a private chat', BUYER.id],
  ])('in %s, a new send goes before the card edits still waiting, which keep their order', async (_name, chatId) => {
    const telegram = clockedTelegram(PACING);
    const card = await telegram.settle(telegram.api.sendMessage(chatId, 'card'));
    // A reply on its way holds the chat's turn; three edits of the card, then a new order, all queue behind it.
    const reply = telegram.holdNext();
    const replying = telegram.api.sendMessage(chatId, 'reply');
    await vi.advanceTimersByTimeAsync(GAP_MS);
    expect(labels(telegram.sent)).toEqual(['sendMessage:card', 'sendMessage:reply']);
    const edits = [1, 2, 3].map((n) => telegram.api.editMessageText(chatId, card.message_id, `edit ${n}`));
    const send = telegram.api.sendMessage(chatId, 'new order');
    await vi.advanceTimersByTimeAsync(GAP_MS);
    reply.release();
    await telegram.settle(Promise.all([replying, ...edits, send]));

    expect(labels(telegram.sent)).toEqual([
      'sendMessage:card',
      'sendMessage:reply',
      'sendMessage:new order',
      'editMessageText:edit 1',
      'editMessageText:edit 2',
      'editMessageText:edit 3',
    ]);
    expectGapsAtLeast(telegram.sent, GAP_MS);
  });

  it('a send queued behind an edit that is on its way waits for it, then overtakes the edits still queued', async () => {
    const telegram = clockedTelegram(PACING);
    const card = await telegram.settle(telegram.api.sendMessage(GROUP, 'card'));
    const first = telegram.api.editMessageText(GROUP, card.message_id, 'edit 1');
    // The first edit is picked at once and waits out the gap; the rest arrive while it waits.
    await vi.advanceTimersByTimeAsync(GAP_MS / 4);
    expect(labels(telegram.sent)).toEqual(['sendMessage:card']);
    const rest = [2, 3].map((n) => telegram.api.editMessageText(GROUP, card.message_id, `edit ${n}`));
    const pin = telegram.api.pinChatMessage(GROUP, card.message_id);
    const send = telegram.api.sendMessage(GROUP, 'buyer message');
    await telegram.settle(Promise.all([first, ...rest, pin, send]));

    expect(labels(telegram.sent)).toEqual([
      'sendMessage:card',
      'editMessageText:edit 1',
      'sendMessage:buyer message',
      'editMessageText:edit 2',
      'editMessageText:edit 3',
      'pinChatMessage:',
    ]);
    expectGapsAtLeast(telegram.sent, GAP_MS);
  });

  it('sends, copies and new topics come first; edits, pins, reactions and deletions next; reads are not paced', () => {
    const chat = { chat_id: GROUP };
    for (const method of ['sendMessage', 'sendDocument', 'sendPhoto', 'copyMessage', 'createForumTopic']) {
      expect(pacingPriority(method, chat), method).toBe(0);
    }
    for (const method of [
      'editMessageText',
      'editMessageReplyMarkup',
      'editForumTopic',
      'closeForumTopic',
      'reopenForumTopic',
      'pinChatMessage',
      'setMessageReaction',
      'deleteMessage',
    ]) {
      expect(pacingPriority(method, chat), method).toBe(1);
    }
    expect(pacingPriority('getChat', chat)).toBeUndefined();
    for (const method of ['getUpdates', 'answerCallbackQuery', 'getMe', 'setMyCommands', 'getFile']) {
      expect(pacingPriority(method, {}), method).toBeUndefined();
    }
  });
});

describe('limits kept', () => {
  it("a group's budget per minute: past it, nothing more goes to the group, edits nor sends", async () => {
    const { bot, telegram } = await pacedBot({ perChatIntervalMs: 0, groupPerMinute: 3 });
    await Promise.all([1, 2, 3].map((n) => bot.api.sendMessage(GROUP, `order ${n}`)));
    // Caught: they stay queued until the budget refills, a minute later, after this test's fake is gone.
    void bot.api.editMessageText(GROUP, 1, 'late edit').catch(() => undefined);
    void bot.api.sendMessage(GROUP, 'late order').catch(() => undefined);
    const answered = await bot.api.sendMessage(BUYER.id, 'another chat is not held up');
    expect(answered.text).toBe('another chat is not held up');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(telegram, GROUP)).toEqual(['sendMessage:order 1', 'sendMessage:order 2', 'sendMessage:order 3']);
  });

  it('a send waiting out a 429 keeps its place: the chat’s later sends and edits wait behind it', async () => {
    const { bot, telegram } = await pacedBot({ perChatIntervalMs: 0 });
    const card = await bot.api.sendMessage(GROUP, 'card');
    telegram.failNext('sendMessage', { error_code: 429, retry_after: 1 });
    const first = bot.api.sendMessage(GROUP, 'first');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const edit = bot.api.editMessageText(GROUP, card.message_id, 'edited');
    const second = bot.api.sendMessage(GROUP, 'second');
    await Promise.all([first, edit, second]);

    const sends = telegram.calls.filter((call) => call.params.chat_id === GROUP).slice(1);
    expect(sends.map((call) => [call.method, call.params.text, call.ok])).toEqual([
      ['sendMessage', 'first', false],
      ['sendMessage', 'first', true],
      ['sendMessage', 'second', true],
      ['editMessageText', 'edited', true],
    ]);
    expect(sends[1]!.at - sends[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a read of the chat does not wait for its turn', async () => {
    // On the fake clock, so "at once" is exact: a busy machine cannot make the read look paced.
    vi.useFakeTimers();
    try {
      const clocked = clockedTelegram({ ...PACING, perChatIntervalMs: 1000 });
      await clocked.settle(clocked.api.sendMessage(GROUP, 'card'));
      const next = clocked.api.sendMessage(GROUP, 'next');
      await clocked.settle(clocked.api.getChat(GROUP));
      // The read went while the next send still waits out the chat's gap, at the moment it was made.
      expect(labels(clocked.sent)).toEqual(['sendMessage:card', 'getChat:']);
      expect(clocked.sent[1]!.at - clocked.sent[0]!.at).toBeLessThan(GAP_MS);
      await clocked.settle(next);
      expect(labels(clocked.sent)).toEqual(['sendMessage:card', 'getChat:', 'sendMessage:next']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('upkeep', () => {
  const answer = async () => ({ ok: true as const, result: true });
  const run = (pacer: ReturnType<typeof createTelegramPacer>, chatId: number) =>
    pacer.transformer(answer as never, 'sendMessage', { chat_id: chatId, text: 'x' } as never);
  const refTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

  it('drops the limiter of a chat idle for a while, so many chats do not pile up', async () => {
    const pacer = createTelegramPacer(
      { perChatIntervalMs: 10, groupPerMinute: 20, globalPerSecond: 1000, groupWindowMs: 200 },
      { idleChatMs: 1000 },
    );
    await Promise.all(Array.from({ length: 50 }, (_, i) => run(pacer, i % 2 === 0 ? -(i + 1) : i + 1)));
    expect(pacer.chatsTracked()).toBe(50);
    await expect.poll(() => pacer.chatsTracked(), { timeout: 5_000, interval: 100 }).toBe(0);
  });

  it('leaves no timer that keeps the process alive once the requests are answered', async () => {
    const before = refTimers();
    const pacer = createTelegramPacer({ perChatIntervalMs: 50, groupPerMinute: 20, globalPerSecond: 30 });
    await Promise.all([run(pacer, GROUP), run(pacer, GROUP), run(pacer, BUYER.id), run(pacer, BUYER.id)]);
    // Bottleneck's last bookkeeping runs on a zero-delay timer right after the answers; a timer kept alive stays.
    await expect.poll(refTimers, { timeout: 1_000, interval: 5 }).toBeLessThanOrEqual(before);
    expect(pacer.chatsTracked()).toBe(2);
  });
});
