/**
 * Topic calls go through the same transformers as messages: createForumTopic waits its turn in the group's pacing
 * queue, behind and ahead of sends to that group, and a 429 on it is waited out and retried.
 */
import { Bot } from 'grammy';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiTransformers, DEFAULT_RETRY } from '../../src/bot/transport/api-transformers.ts';
import { clockedTelegram } from '../support/clocked-telegram.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const GROUP = -1001234567890;
const GAP_MS = 150;
const PACING = { perChatIntervalMs: GAP_MS, groupPerMinute: 1000, globalPerSecond: 1000 };
let telegram: FakeTelegram;
let bot: Bot;

beforeEach(async () => {
  telegram = await startFakeTelegram({ groups: [{ id: GROUP, title: 'Forum', type: 'supergroup', isForum: true }] });
  bot = new Bot(telegram.token, { client: { apiRoot: telegram.apiRoot } });
  bot.api.config.use(...createApiTransformers(PACING, DEFAULT_RETRY));
});
afterEach(() => telegram.close());

describe('topic creation pacing', () => {
  it('is paced per group together with messages', async () => {
    // The fake clock: the moments compared are the pacer's, which a loaded machine cannot bring closer together.
    vi.useFakeTimers();
    try {
      const clocked = clockedTelegram(PACING);
      await clocked.settle(
        Promise.all([
          clocked.api.createForumTopic(GROUP, 'one'),
          clocked.api.sendMessage(GROUP, 'a'),
          clocked.api.createForumTopic(GROUP, 'two'),
          clocked.api.createForumTopic(GROUP, 'three'),
        ]),
      );
      const sent = clocked.sent;
      // One queue for the group, first come first served among new content.
      expect(sent.map((request) => request.label)).toEqual([
        'createForumTopic:one',
        'sendMessage:a',
        'createForumTopic:two',
        'createForumTopic:three',
      ]);
      for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(GAP_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits out a 429 on createForumTopic and retries it', async () => {
    telegram.failNext('createForumTopic', { error_code: 429, retry_after: 1 });
    const topic = await bot.api.createForumTopic(GROUP, 'after a wait');
    expect(topic.name).toBe('after a wait');
    expect(telegram.callsOf('createForumTopic').map((call) => call.ok)).toEqual([false, true]);
  });
});
