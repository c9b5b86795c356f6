/**
 * Topic calls go through the same transformers as messages: createForumTopic waits its turn in the group's pacing
 * queue, behind and ahead of sends to that group, and a 429 on it is waited out and retried.
 */
import { Bot } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiTransformers, DEFAULT_RETRY } from '../../src/bot/transport/api-transformers.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const GROUP = -1001234567890;
const GAP_MS = 150;
let telegram: FakeTelegram;
let bot: Bot;

beforeEach(async () => {
  telegram = await startFakeTelegram({ groups: [{ id: GROUP, title: 'Forum', type: 'supergroup', isForum: true }] });
  bot = new Bot(telegram.token, { client: { apiRoot: telegram.apiRoot } });
  bot.api.config.use(...createApiTransformers({ perChatIntervalMs: GAP_MS, groupPerMinute: 1000, globalPerSecond: 1000 }, DEFAULT_RETRY));
});
afterEach(() => telegram.close());

describe('topic creation pacing', () => {
  it('is paced per group together with messages', async () => {
    await Promise.all([
      bot.api.createForumTopic(GROUP, 'one'),
      bot.api.sendMessage(GROUP, 'a'),
      bot.api.createForumTopic(GROUP, 'two'),
      bot.api.createForumTopic(GROUP, 'three'),
    ]);
    const times = telegram.calls
      .filter((call) => call.method === 'createForumTopic' || call.method === 'sendMessage')
      .map((call) => call.at);
    expect(times).toHaveLength(4);
    // Gaps are measured on arrival, so HTTP jitter shortens one a little; the whole run cannot be shorter.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(GAP_MS - 40);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(3 * GAP_MS - 40);
  });

  it('waits out a 429 on createForumTopic and retries it', async () => {
    telegram.failNext('createForumTopic', { error_code: 429, retry_after: 1 });
    const topic = await bot.api.createForumTopic(GROUP, 'after a wait');
    expect(topic.name).toBe('after a wait');
    expect(telegram.callsOf('createForumTopic').map((call) => call.ok)).toEqual([false, true]);
  });
});
