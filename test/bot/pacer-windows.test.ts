/**
 * The pacer's group and global limits are sliding windows, as Telegram counts them: through grammY against the
 * benchmark's fake Bot API (which refuses a group's 21st message in any 60 s and the 31st in any second) with time
 * compressed, a burst earns no 429 and no window ever holds more than the limit. A reservoir refilled every fixed
 * minute let a burst starting mid-window send its next 20 less than a minute after the first ones.
 */
import { Bot } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi, type TelegramEvent } from '../../bench/telegram/fake-bot-api.ts';
import { createTimeScale, type TimeScale } from '../../bench/time-scale.ts';
import { createApiTransformers, DEFAULT_RETRY } from '../../src/bot/transport/api-transformers.ts';
import { createSlidingWindow } from '../../src/bot/transport/sliding-window.ts';

const TOKEN = '1:pacer';
const GROUP = -1001234567890;
/** S for the group window: a store minute is 300 ms real. */
const GROUP_SCALE = createTimeScale(200);
/** S for the global window: a store second is 500 ms real, long enough for loopback requests in parallel to fill it. */
const GLOBAL_SCALE = createTimeScale(2);
let fake: FakeBotApi | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function pacedBot(scale: TimeScale, perChatStoreMs: number) {
  const real = (storeMs: number) => scale.toReal(storeMs);
  fake = await startFakeBotApi({ token: TOKEN, scale });
  const events: TelegramEvent[] = [];
  fake.listen((event) => events.push(event));
  const bot = new Bot(TOKEN, { client: { apiRoot: fake.apiRoot } });
  bot.api.config.use(
    ...createApiTransformers(
      {
        perChatIntervalMs: real(perChatStoreMs),
        groupPerMinute: 20,
        globalPerSecond: 30,
        groupWindowMs: real(60_000),
        globalWindowMs: real(1_000),
      },
      DEFAULT_RETRY,
    ),
  );
  return { bot, fake, events };
}

/** The most events admitted within any `windowMs` (store ms) of each other. */
function busiestWindow(scale: TimeScale, events: TelegramEvent[], windowMs: number): number {
  const times = events.map((event) => scale.toStoreMs(event.at)).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('sliding windows', () => {
  it('a burst to a group that starts mid-window: 20 in any minute, no 429', async () => {
    // 2 store seconds apart, so the chat's own pace (1 s, bursts of 3) never refuses and the group limit binds.
    const { bot, fake, events } = await pacedBot(GROUP_SCALE, 2_000);
    await bot.api.sendMessage(GROUP, 'card');
    await new Promise((resolve) => setTimeout(resolve, GROUP_SCALE.toReal(30_000)));
    await Promise.all(Array.from({ length: 40 }, (_, n) => bot.api.sendMessage(GROUP, `buyer ${n}`)));

    expect(fake.stats().status429).toBe(0);
    expect(events).toHaveLength(41);
    expect(busiestWindow(GROUP_SCALE, events, 60_000)).toBe(20);
  });

  it('many chats at once: 30 in any second over all of them, no 429', async () => {
    const { bot, fake, events } = await pacedBot(GLOBAL_SCALE, 1_000);
    await bot.api.sendMessage(999, 'card');
    await new Promise((resolve) => setTimeout(resolve, GLOBAL_SCALE.toReal(500)));
    await Promise.all(Array.from({ length: 90 }, (_, n) => bot.api.sendMessage(1_000 + (n % 60), `order ${n}`)));

    expect(fake.stats().status429).toBe(0);
    expect(events).toHaveLength(91);
    expect(busiestWindow(GLOBAL_SCALE, events, 1_000)).toBeLessThanOrEqual(30);
  });
});

describe('the window gate', () => {
  it('frees a place a window after its request was answered, and serves waiters by priority', async () => {
    let now = 0;
    const window = createSlidingWindow({ max: 1, windowMs: 50 }, () => now);
    const release = await window.acquire(1);
    const order: string[] = [];
    const admitted = (label: string) => (next: () => void) => {
      order.push(label);
      return next;
    };
    const late = window.acquire(1).then(admitted('follow-up'));
    const urgent = window.acquire(0).then(admitted('new content'));
    now = 10;
    release();
    // Answered at 10: the place frees at 60, not 50.
    now = 59;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(order).toEqual([]);
    now = 60;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['new content']);
    (await urgent)();
    now = 110;
    await new Promise((resolve) => setTimeout(resolve, 80));
    (await late)();
    expect(order).toEqual(['new content', 'follow-up']);
  });
});
