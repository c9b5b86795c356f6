/**
 * Messages between the benchmark (parent: sandbox store, buyers, measurement) and the subject under test
 * (child process: the bridge's sync engine, or the naive baseline). The subject runs alone in its process so
 * its RSS and CPU time are its own, not the store's.
 *
 * Every timestamp is real `Date.now()` ms: parent and child read the same system clock.
 */

export type SubjectKind = 'ours' | 'naive';

/** Ours' SQLite file in `SubjectInit.dataDir`: the benchmark reads it after the subject stopped. */
export const SUBJECT_DB_FILE = 'bridge.sqlite';

export interface SubjectInit {
  type: 'init';
  subject: SubjectKind;
  /** The stores it serves, at least one: ours all of them (`--stores`), the naive poller the first. */
  stores: StoreInit[];
  /** S of the run. */
  scale: number;
  /** Store-time rate-limit window, for the store-time header emulation. */
  windowStoreMs: number;
  /** Folder for the subject's SQLite file (ours) — removed by the parent afterwards. */
  dataDir: string;
  /** Experiment: engine tuning overrides, durations in store time (`--tuning`). */
  tuning?: Record<string, unknown>;
  /** A warm restart: the subject reopens the database its previous run left (nothing is added to it). */
  restart?: boolean;
  /** The Telegram side: the fake Bot API and the seller's chat. Absent: the recording sink alone (`--telegram sink`). */
  telegram?: TelegramInit;
}

/** One sandbox store the subject serves. */
export interface StoreInit {
  /** `main` when it is the only one, as the app names the store of SELLER_API_URL. */
  name: string;
  baseUrl: string;
  /** The sandbox store's key: sent over IPC only, never logged or written to results. */
  apiKey: string;
  /** Ours: this many items of stock for this product, in the store's database before the engine starts. */
  stock?: { productId: string; items: number };
  /** Its own chat (`--stores`); undefined: the seller's chat (`TelegramInit.chatId`). */
  chatId?: number;
}

/** Where the subject's bot sends: a private chat (positive id) or a group (negative id), each with its own limits. */
export interface TelegramInit {
  apiRoot: string;
  token: string;
  chatId: number;
}

/** The floor: a child that loads nothing of ours reports its memory and exits. */
export interface FloorReport {
  type: 'floor';
  rssBytes: number;
  heapUsedBytes: number;
}

/**
 * A phase boundary: the subject notes its live memory (after a forced GC) there; at `warm-end` it also restarts
 * its event-loop delay histogram so that figure covers the measured window only.
 */
export type CheckpointName = 'ready' | 'first-cycle' | 'warm-end' | 'measure-end';

export type ParentMessage = SubjectInit | { type: 'start' } | { type: 'checkpoint'; name: CheckpointName } | { type: 'stop' };

/** Memory right after a forced full GC: what the subject really holds, whatever the time compression. */
export interface LiveMemory {
  name: CheckpointName;
  at: number;
  heapUsedBytes: number;
  rssBytes: number;
}

/**
 * The sink was called: `at` is when. `status`: an order's status change, with the status handed over. `store`: whose
 * engine handed it over (ours; the naive poller serves one store).
 */
export type Delivery = (
  | { kind: 'message'; orderId: string; messageId: string; at: number }
  | { kind: 'order'; orderId: string; at: number }
  | { kind: 'status'; orderId: string; status: string; at: number }
) & { store?: string };

/** One `GET /orders/{id}/messages` answered: when it was sent and which message ids it returned, of which store. */
export interface ChatRead {
  store?: string;
  orderId: string;
  at: number;
  ids: string[];
}

export interface UsageSample {
  at: number;
  /** process.cpuUsage() user + system, µs. */
  cpuMicros: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** The database's logical size, page_count × page_size (WAL content included; 0 for the naive baseline). */
  dbBytes: number;
  /** What the engine believes: chats it reads every interval vs backed-off ones (ours only). */
  watched?: { hot: number; quiet: number };
  /** Items in the Telegram queue not in Telegram yet, every chat's (ours with Telegram). */
  telegramQueued?: number;
}

export interface SubjectReady {
  type: 'ready';
  /** RSS after everything is loaded and opened, before the subject starts polling. */
  baselineRssBytes: number;
  baselineHeapUsedBytes: number;
  /** Ours with a Telegram side: the per-chat gap the bot got, real ms (subject/pacer-calibration.ts). */
  pacing?: { gapMs: number; latenessMs: number; calibratedGapMs: number };
}

export interface SubjectStarted {
  type: 'started';
  at: number;
}

export interface SubjectBatch {
  type: 'batch';
  deliveries: Delivery[];
  reads: ChatRead[];
  /** Set once: the first poll cycle (ours) or the first full round (naive) finished. */
  firstCycleAt?: number;
  usage: UsageSample;
}

export interface SubjectFinal {
  type: 'final';
  peakRssBytes: number;
  /** process.resourceUsage().maxRSS, converted to bytes: the kernel's own peak for the whole child. */
  maxRssBytes: number;
  peakHeapUsedBytes: number;
  cpuMicros: number;
  /** Event-loop delay of the subject during the measured window (monitorEventLoopDelay, 1 ms resolution), ms. */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  dbBytes: number;
  /** SQLite file + WAL + SHM on disk when the subject stopped (before any checkpoint). */
  dbDiskBytes: number;
  /** Rows of the engine's tables at the end (ours only). */
  dbRows?: Record<string, number>;
  warnings: { count: number; last: string[] };
  requestsSent: number;
  liveMemory: LiveMemory[];
}

export interface SubjectFailure {
  type: 'failure';
  message: string;
}

export type ChildMessage = SubjectReady | SubjectStarted | SubjectBatch | SubjectFinal | SubjectFailure;

const CHILD_TYPES = new Set<ChildMessage['type']>(['ready', 'started', 'batch', 'final', 'failure']);
const PARENT_TYPES = new Set<ParentMessage['type']>(['init', 'start', 'checkpoint', 'stop']);

export function isChildMessage(value: unknown): value is ChildMessage {
  return typeof value === 'object' && value !== null && CHILD_TYPES.has((value as { type: ChildMessage['type'] }).type);
}

export function isParentMessage(value: unknown): value is ParentMessage {
  return typeof value === 'object' && value !== null && PARENT_TYPES.has((value as { type: ParentMessage['type'] }).type);
}
