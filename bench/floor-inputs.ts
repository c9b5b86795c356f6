/**
 * A scenario's floors (floors.ts) from its timeline: the buyers' lines, the orders and their status changes, drawn
 * from the seed and so the same whichever subject ran. What a bridge could know decides which chats a read must
 * cover: a line in a conversation already under way is found by a round over the active conversations, a line out
 * of the blue only by a round over every open chat. All times here are store seconds since the subject started.
 */
import type { MessageEntry } from './collector.ts';
import {
  chatBurstFloorS,
  chatReadFloorS,
  chatReadsPerSecond,
  inChatS,
  newOrderFloorS,
  readPeriodS,
  statusChangeFloorS,
  TELEGRAM_PACE_S,
} from './floors.ts';
import { ORDERS_PAGE_SIZE, POLL_INTERVAL_MS, rateLimitOf, STORE_RATE_LIMIT, type TelegramMode } from './profiles.ts';
import type { RunRecord } from './run-subject.ts';
import { OPEN_STATUSES } from './store-load.ts';
import { idealSendTimes, p95Of, type MustGo } from './telegram-floor.ts';
import { MINUTE } from './time-scale.ts';

/** A line or an order event keeps its chat active this long (the workloads' and the engine's hot window). */
const HOT_WINDOW_S = (10 * MINUTE) / 1000;

export interface ClassFloor {
  sinkS: number;
  /** The later of the sink plus one message at the chat's pace, and the Telegram side's own floor. */
  chatS: number;
  /** The Telegram side alone: p95 of what an ideal sender makes these wait (telegram-floor.ts). */
  telegramS: number;
  /** Mean chance that the bridge could know the line's chat was active (hot, quiet, the chat burst). */
  knownShare?: number;
}

export interface ScenarioFloors {
  /** B: chat reads a second the limit leaves after the paid list. */
  chatReadsPerSecond: number;
  /** Orders open at the store in the middle of the measured window: every chat a line out of the blue may be in. */
  openChats: number;
  /** Mean conversations under way over the measured window, each weighted by the chance the bridge knew of it. */
  activeChats: number;
  /** A round over every open chat, and over the active ones (readPeriodS). */
  blindPeriodS: number;
  knownPeriodS: number;
  intervalS: number;
  /** Seconds a message at the chat's pace (0: the recording sink). */
  paceS: number;
  /** Pages of the processing and awaiting_confirmation lists in the middle of the window. */
  listPages: number;
  hot: ClassFloor | undefined;
  quiet: ClassFloor | undefined;
  newOrder: ClassFloor;
  statusChange: ClassFloor;
  chatBurst: ClassFloor | undefined;
}

interface ChatTimeline {
  /** Buyer lines, sorted. */
  lines: number[];
  /** Order created, status changed, sorted. */
  events: number[];
}

interface Knowing {
  blindPeriodS: number;
  intervalS: number;
}

export function scenarioFloors(run: RunRecord, telegram: TelegramMode): ScenarioFloors {
  const { times, collector, scale } = run;
  const at = (realMs: number) => scale.toStoreSeconds(realMs - times.startedAt);
  const windowStart = at(times.warmEndAt);
  const windowEnd = at(times.measureEndAt);
  const intervalS = POLL_INTERVAL_MS / 1000;
  const paceS = TELEGRAM_PACE_S[telegram];

  const chats = timelines(run, at);
  const statuses = statusesAt(run, at, (windowStart + windowEnd) / 2);
  const count = (status: string) => statuses.filter((value) => value === status).length;
  const limit = rateLimitOf(run.spec);
  const windowS = STORE_RATE_LIMIT.windowMs / 1000;
  const reads = chatReadsPerSecond({ limit, windowS, intervalS, paidOrders: count('paid'), pageSize: ORDERS_PAGE_SIZE });
  const openChats = statuses.filter((status) => OPEN_STATUSES.includes(status)).length;
  const blindPeriodS = readPeriodS(openChats, reads, intervalS);
  const knowing: Knowing = { blindPeriodS, intervalS };
  const activeChats = meanActive(chats, windowStart, windowEnd, knowing);
  const knownPeriodS = readPeriodS(activeChats, reads, intervalS);
  const pages = (status: string) => Math.max(1, Math.ceil(count(status) / ORDERS_PAGE_SIZE));
  const listPages = pages('processing') + pages('awaiting_confirmation');

  const measured = (kind: MessageEntry['kind']) =>
    [...collector.messages.values()].filter((entry) => entry.kind === kind && entry.measured);
  const telegramWait = idealWaits(run, at, telegram);
  const floorOf = (sinkS: number, waits: readonly number[], extra: Partial<ClassFloor> = {}): ClassFloor => {
    const telegramS = p95Of(waits) ?? 0;
    return { sinkS, chatS: Math.max(inChatS(sinkS, paceS), telegramS), telegramS, ...extra };
  };
  const classFloor = (entries: MessageEntry[]): ClassFloor | undefined => {
    const known = entries.map((entry) => knownAt(chats.get(entry.orderId), at(entry.createdMs), knowing));
    const sinkS = chatReadFloorS(known, knownPeriodS, blindPeriodS);
    if (sinkS === undefined) return undefined;
    return floorOf(sinkS, waitsOf(telegramWait.lines, entries), { knownShare: mean(known) });
  };
  const burstLines = measured('chat-burst');
  // Many buyers writing at once are a burst a bridge can see: it may then read every chat in touch within two hot
  // windows at once, so a burst line counts as known that much longer than a line on its own.
  const burstKnown = burstLines.map((entry) => knownAt(chats.get(entry.orderId), at(entry.createdMs), knowing, 2 * HOT_WINDOW_S));
  const burstChats = new Set(burstLines.map((entry) => entry.orderId)).size;
  const burst =
    burstChats > 0
      ? burstFloor(chatBurstFloorS(burstKnown, burstChats, reads, blindPeriodS, paceS), burstLines, telegramWait.lines, at)
      : undefined;
  const newOrderS = newOrderFloorS(intervalS);
  const statusS = statusChangeFloorS(listPages, limit / windowS, intervalS);
  const newOrders = [...collector.orders.values()].filter((entry) => entry.kind === 'new' && entry.measured);
  const changes = collector.statusChanges.filter((change) => change.measured);

  return {
    chatReadsPerSecond: reads,
    openChats,
    activeChats,
    blindPeriodS,
    knownPeriodS,
    intervalS,
    paceS,
    listPages,
    hot: classFloor(measured('hot')),
    quiet: classFloor(measured('quiet')),
    newOrder: floorOf(newOrderS, waitsOf(telegramWait.cards, newOrders)),
    statusChange: floorOf(statusS, waitsOf(telegramWait.edits, changes)),
    chatBurst: burst ? { ...burst, knownShare: mean(burstKnown) } : undefined,
  };
}

/** What the ideal sender (telegram-floor.ts) makes each line, card and edit wait, by the entry it is for. */
interface IdealWaits {
  lines: Map<object, number>;
  cards: Map<object, number>;
  edits: Map<object, number>;
}

/**
 * What an ideal sender makes each kind wait when that kind goes first: its lines (hot, quiet, the chat burst: one
 * message a chat's waiting lines share), a card for every order paid during the run, an edit for every status change
 * (one an order's waiting changes share). Other kinds never delay it, so this is a floor for each kind, whatever order
 * a bridge sends them in; a kind that alone needs more than the chat's pace waits for itself.
 */
function idealWaits(run: RunRecord, at: (realMs: number) => number, telegram: TelegramMode): IdealWaits {
  const waits: IdealWaits = { lines: new Map(), cards: new Map(), edits: new Map() };
  const send = (kind: keyof IdealWaits, items: (MustGo & { of: object })[]) => {
    const sent = idealSendTimes(items, telegram);
    items.forEach((item, index) => {
      waits[kind].set(item.of, (sent[index] as number) - item.at);
    });
  };
  const lines = [...run.collector.messages.values()];
  for (const kind of new Set(lines.map((entry) => entry.kind)))
    send(
      'lines',
      lines.filter((entry) => entry.kind === kind).map((entry) => ({ key: entry.orderId, at: at(entry.createdMs), of: entry })),
    );
  send(
    'cards',
    [...run.collector.orders].flatMap(([orderId, entry]) =>
      entry.kind === 'open' ? [] : [{ key: orderId, at: at(entry.createdMs), of: entry }],
    ),
  );
  send(
    'edits',
    run.collector.statusChanges.map((change) => ({ key: change.orderId, at: at(change.at), of: change })),
  );
  return waits;
}

const waitsOf = (waits: ReadonlyMap<object, number>, entries: readonly object[]): number[] =>
  entries.flatMap((entry) => {
    const wait = waits.get(entry);
    return wait === undefined ? [] : [wait];
  });

/** The chat burst in the chat is also no sooner than the ideal sender got its last line out. */
function burstFloor(
  floor: { sinkS: number; chatS: number },
  lines: readonly MessageEntry[],
  waits: ReadonlyMap<object, number>,
  at: (realMs: number) => number,
): ClassFloor {
  const first = Math.min(...lines.map((entry) => at(entry.createdMs)));
  const telegramS = Math.max(0, ...lines.map((entry) => at(entry.createdMs) + (waits.get(entry) ?? 0) - first));
  return { sinkS: floor.sinkS, chatS: Math.max(floor.chatS, telegramS), telegramS };
}

function timelines(run: RunRecord, at: (realMs: number) => number): Map<string, ChatTimeline> {
  const chats = new Map<string, ChatTimeline>();
  const of = (orderId: string) => {
    let chat = chats.get(orderId);
    if (chat === undefined) {
      chat = { lines: [], events: [] };
      chats.set(orderId, chat);
    }
    return chat;
  };
  for (const entry of run.collector.messages.values()) of(entry.orderId).lines.push(at(entry.createdMs));
  for (const [orderId, entry] of run.collector.orders) of(orderId).events.push(at(entry.createdMs));
  for (const change of run.collector.statusChanges) of(change.orderId).events.push(at(change.at));
  for (const chat of chats.values()) {
    chat.lines.sort((a, b) => a - b);
    chat.events.sort((a, b) => a - b);
  }
  return chats;
}

/** Each order's status at `instant`: pre-existing ones start processing, new ones paid; then their changes. */
function statusesAt(run: RunRecord, at: (realMs: number) => number, instant: number): string[] {
  const status = new Map<string, string>();
  for (const [orderId, entry] of run.collector.orders)
    if (at(entry.createdMs) <= instant) status.set(orderId, entry.kind === 'open' ? 'processing' : 'paid');
  for (const change of run.collector.statusChanges)
    if (at(change.at) <= instant && status.has(change.orderId)) status.set(change.orderId, change.status);
  return [...status.values()];
}

/**
 * The chance a bridge knew at `t` that the chat is active, from what happened in it before `t` within `horizonS` (a
 * hot window). A conversation's first line is found by a round over every open chat, at a random moment within
 * `blindPeriodS`; an order event by the order lists, within a poll interval. Nothing before the subject started (0)
 * was known earlier than its start.
 */
export function knownAt(chat: ChatTimeline | undefined, t: number, { blindPeriodS, intervalS }: Knowing, horizonS = HOT_WINDOW_S): number {
  if (chat === undefined) return 0;
  const start = conversationStart(chat.lines, t, horizonS);
  const byLine = start === undefined ? 0 : Math.min(1, (t - Math.max(0, start)) / blindPeriodS);
  const event = lastBefore(chat.events, t);
  const byEvent = event === undefined || t - event > horizonS ? 0 : Math.min(1, (t - Math.max(0, event)) / intervalS);
  return 1 - (1 - byLine) * (1 - byEvent);
}

/** The first line of the conversation (lines never more than a hot window apart) its last line within `horizonS` of `t`. */
function conversationStart(lines: readonly number[], t: number, horizonS: number): number | undefined {
  let i = lines.findLastIndex((line) => line < t);
  if (i < 0 || t - (lines[i] as number) > horizonS) return undefined;
  while (i > 0 && (lines[i] as number) - (lines[i - 1] as number) <= HOT_WINDOW_S) i--;
  return lines[i];
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

function lastBefore(sorted: readonly number[], t: number): number | undefined {
  const i = sorted.findLastIndex((value) => value < t);
  return i < 0 ? undefined : sorted[i];
}

/**
 * Conversations a bridge could know of, sampled every poll interval over the window: chats whose buyer wrote twice
 * within a hot window, the last time within one, each counted by the chance it was known. A single line or an order
 * event alone makes no conversation: a bridge that tells them apart (as a heat does) reads conversations first.
 */
function meanActive(chats: ReadonlyMap<string, ChatTimeline>, from: number, to: number, knowing: Knowing): number {
  let sum = 0;
  let samples = 0;
  for (let t = from; t < to; t += knowing.intervalS) {
    for (const chat of chats.values()) if (inConversation(chat.lines, t)) sum += knownAt(chat, t, knowing);
    samples += 1;
  }
  return samples === 0 ? 0 : sum / samples;
}

function inConversation(lines: readonly number[], t: number): boolean {
  const last = lines.findLastIndex((line) => line < t);
  if (last < 1) return false;
  const latest = lines[last] as number;
  return t - latest <= HOT_WINDOW_S && latest - (lines[last - 1] as number) <= HOT_WINDOW_S;
}
