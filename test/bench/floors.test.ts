/**
 * The floors' arithmetic: which chats a chat read must cover depends on what the bridge could know (a follow-up in
 * a conversation under way: the active ones; a line out of the blue: every open chat), and the Telegram side adds
 * the chat's pace (1 s a message in a private chat, 3 s in a group).
 */
import { describe, expect, it } from 'vitest';
import type { MessageEntry, OrderEntry } from '../../bench/collector.ts';
import { knownAt, scenarioFloors } from '../../bench/floor-inputs.ts';
import { chatBurstFloorS, chatReadFloorS, chatReadsPerSecond, statusChangeFloorS, TELEGRAM_PACE_S } from '../../bench/floors.ts';
import { idealSendTimes } from '../../bench/telegram-floor.ts';
import type { RunRecord } from '../../bench/run-subject.ts';
import { createTimeScale } from '../../bench/time-scale.ts';

const S = 1000;

describe('the chat budget', () => {
  it('is the limit a second less every page of the paid list once per poll interval', () => {
    const budget = { limit: 120, windowS: 60, intervalS: 10, pageSize: 100 };
    expect(chatReadsPerSecond({ ...budget, paidOrders: 25 })).toBeCloseTo(1.9, 9);
    expect(chatReadsPerSecond({ ...budget, paidOrders: 150 })).toBeCloseTo(1.8, 9);
  });
});

describe('a class of messages', () => {
  it('waits 0.95 of the round over the chats it could be in', () => {
    // At 1000 open chats and 1.9 reads a second, a line out of the blue: about 500 s at p95.
    expect(chatReadFloorS([0, 0, 0], 50 / 1.9, 1000 / 1.9)).toBeCloseTo(500, 1);
    expect(chatReadFloorS([1, 1, 1], 50 / 1.9, 1000 / 1.9)).toBeCloseTo(25, 1);
  });

  it('takes the p95 of the mixture when a share of it could not be known', () => {
    // A tenth out of the blue: P(wait > x) = 0.1 (1 − x/T) = 0.05 at x = T/2.
    const known = [...Array<number>(9).fill(1), 0];
    expect(chatReadFloorS(known, 20, 500)).toBeCloseTo(250, 1);
    expect(chatReadFloorS([], 20, 500)).toBeUndefined();
  });
});

describe('what the bridge could know', () => {
  const knowing = { blindPeriodS: 500, intervalS: 10 };

  it('knows a conversation found by a round over every chat, by the time one round passed', () => {
    const longTalk = { lines: [100, 190, 280, 370, 460, 550, 640], events: [] };
    expect(knownAt(longTalk, 700, knowing)).toBe(1);
    // A follow-up 3 min after its opener: the round found the opener with a chance of 180/500.
    expect(knownAt({ lines: [1000], events: [] }, 1180, knowing)).toBeCloseTo(0.36, 9);
    // A first line (nothing within a hot window before it) is out of the blue.
    expect(knownAt({ lines: [1000], events: [] }, 1000 + 601, knowing)).toBe(0);
  });

  it('looks further back for a burst, which a bridge can see as one', () => {
    expect(knownAt({ lines: [1000], events: [] }, 1000 + 900, knowing)).toBe(0);
    expect(knownAt({ lines: [1000], events: [] }, 1000 + 900, knowing, 1200)).toBe(1);
  });

  it('knows an order event from the order lists within a poll interval', () => {
    expect(knownAt({ lines: [], events: [1000] }, 1060, knowing)).toBe(1);
    expect(knownAt({ lines: [], events: [1000] }, 1005, knowing)).toBeCloseTo(0.5, 9);
    expect(knownAt({ lines: [], events: [1000] }, 1000 + 601, knowing)).toBe(0);
  });
});

/** 1000 open orders; 50 buyers in conversation (a line every 90 s since before the start); 20 lines out of the blue. */
function uniformRun(): RunRecord {
  const orders = new Map<string, OrderEntry>();
  for (let i = 0; i < 1000; i++)
    orders.set(`o${i}`, { createdMs: -86_400 * S, kind: 'open', measured: false, stocked: false, appeared: [], cards: [] });
  const messages = new Map<string, MessageEntry>();
  const line = (orderId: string, atS: number, kind: MessageEntry['kind']) =>
    messages.set(`m${messages.size}`, {
      orderId,
      createdMs: atS * S,
      kind,
      measured: atS >= 1000 && atS < 1900,
      due: true,
      deliveries: [],
      seenAt: undefined,
      telegram: [],
      telegramMessageIds: [],
      topic: undefined,
    });
  for (let chat = 0; chat < 50; chat++) for (let at = -600 + chat; at < 1900; at += 90) line(`o${chat}`, at, 'hot');
  for (let k = 0; k < 20; k++) line(`o${100 + k}`, 1000 + 45 * k, 'quiet');
  return {
    spec: { openOrders: 1000 },
    scale: createTimeScale(1),
    times: { startedAt: 0, warmEndAt: 1000 * S, measureEndAt: 1900 * S, endAt: 2500 * S },
    collector: { messages, orders, statusChanges: [] },
  } as unknown as RunRecord;
}

describe('a scenario’s floors', () => {
  it('bounds a follow-up by the active conversations and a line out of the blue by every open chat', () => {
    const floors = scenarioFloors(uniformRun(), 'private');
    expect(floors.openChats).toBe(1000);
    expect(floors.chatReadsPerSecond).toBeCloseTo(1.9, 9);
    // The 50 conversations: a one-off line makes none.
    expect(floors.activeChats).toBeCloseTo(50, 6);
    expect(floors.hot?.knownShare).toBe(1);
    expect(floors.hot?.sinkS).toBeCloseTo((0.95 * floors.activeChats) / 1.9, 6);
    expect(floors.quiet?.knownShare).toBe(0);
    expect(floors.quiet?.sinkS).toBeCloseTo((0.95 * 1000) / 1.9, 6);
  });

  it('adds a message at the chat’s pace in the chat, or what the pace makes the load wait when that is longer', () => {
    const privately = scenarioFloors(uniformRun(), 'private');
    const inGroup = scenarioFloors(uniformRun(), 'group');
    // 50 buyers writing every 90 s: 33 lines a minute, within a private chat's 60.
    expect(privately.hot && privately.hot.chatS - privately.hot.sinkS).toBeCloseTo(1, 9);
    // Beyond a group's 20: a line waits for the other chats' messages, far more than its own 3 s.
    expect(inGroup.hot?.telegramS).toBeGreaterThan(60);
    expect(inGroup.hot?.chatS).toBe(inGroup.hot?.telegramS);
    expect(inGroup.newOrder).toMatchObject({ sinkS: 9.5, chatS: 12.5 });
  });

  it('lets no other kind delay a kind on the Telegram side: a card goes first when it comes first', () => {
    const run = uniformRun();
    (run.collector.orders as Map<string, OrderEntry>).set('paid-1', {
      createdMs: 1500 * S,
      kind: 'new',
      measured: true,
      stocked: false,
      appeared: [],
      cards: [],
    });
    const inGroup = scenarioFloors(run, 'group');
    expect(inGroup.hot?.telegramS).toBeGreaterThan(60);
    expect(inGroup.newOrder.telegramS).toBe(0);
    // 1000 processing orders: 10 pages and the empty awaiting_confirmation list, read within an interval.
    expect(inGroup.listPages).toBe(11);
    expect(inGroup.statusChange.sinkS).toBeCloseTo(9.5, 9);
  });
});

describe('the chat burst and the status lists', () => {
  const conversations = Array<number>(20).fill(1);

  it('in known conversations: the later of reading its chats and one read plus a message each at the pace', () => {
    expect(chatBurstFloorS(conversations, 20, 1.9, 560, TELEGRAM_PACE_S.private).chatS).toBeCloseTo(1 / 1.9 + 20, 9);
    expect(chatBurstFloorS(conversations, 20, 1.9, 560, TELEGRAM_PACE_S.group).chatS).toBeCloseTo(1 / 1.9 + 60, 9);
    expect(chatBurstFloorS(conversations, 20, 1.9, 560, TELEGRAM_PACE_S.sink).chatS).toBeCloseTo(20 / 1.9, 9);
    expect(chatBurstFloorS(conversations, 20, 1.9, 560, TELEGRAM_PACE_S.private).sinkS).toBeCloseTo(20 / 1.9, 9);
  });

  it('out of the blue in part: found by the round over every open chat', () => {
    // 6 of 20 chats unknown: P(wait > x) = 0.3 (1 − x/560) = 0.05 at x = 560 × 5/6.
    const known = [...Array<number>(14).fill(1), ...Array<number>(6).fill(0)];
    expect(chatBurstFloorS(known, 20, 1.9, 560, TELEGRAM_PACE_S.private).sinkS).toBeCloseTo((560 * 5) / 6, 1);
    expect(chatBurstFloorS(known, 20, 1.9, 560, TELEGRAM_PACE_S.group).chatS).toBeCloseTo((560 * 5) / 6 + 3, 1);
  });

  it('sees a status change at the next pass of the open lists, at most once a poll interval', () => {
    expect(statusChangeFloorS(11, 2, 10)).toBeCloseTo(9.5, 9);
    expect(statusChangeFloorS(30, 2, 10)).toBeCloseTo(14.25, 9);
  });
});

describe('the ideal sender', () => {
  const at = (t: number, chats: number) => Array.from({ length: chats }, (_, i) => ({ key: `chat ${i}`, at: t }));

  it('sends a private chat’s burst of three at once, then one a second', () => {
    expect(idealSendTimes(at(0, 5), 'private')).toEqual([0, 0, 0, 1, 2]);
  });

  it('holds a group to 20 in any minute', () => {
    const sent = idealSendTimes(at(0, 22), 'group');
    expect(sent.slice(0, 4)).toEqual([0, 0, 0, 1]);
    expect(sent[19]).toBe(17);
    expect(sent[20]).toBe(60);
    expect(sent[21]).toBe(60);
  });

  it('packs what one chat has waiting into one message, oldest first', () => {
    const items = [...at(0, 4), { key: 'chat 0', at: 0.5 }];
    // chat 3 waits for its turn at 1 s; chat 0's second line, written after chat 0 went, goes after it.
    expect(idealSendTimes(items, 'private')).toEqual([0, 0, 0, 1, 2]);
    expect(
      idealSendTimes(
        [
          { key: 'a', at: 0 },
          { key: 'a', at: 0 },
        ],
        'private',
      ),
    ).toEqual([0, 0]);
  });

  it('adds nothing with the recording sink', () => {
    expect(idealSendTimes(at(3, 30), 'sink').every((t) => t === 3)).toBe(true);
  });
});
