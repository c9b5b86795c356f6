/**
 * Entry of the child process that runs one subject (forked by the benchmark with IPC). It reports deliveries,
 * chat reads and its own resource use in small batches, and a final account when told to stop.
 */
import type { Logger } from 'pino';
import { createLogger } from '../../src/log/create-logger.ts';
import {
  isParentMessage,
  type ChatRead,
  type CheckpointName,
  type ChildMessage,
  type Delivery,
  type LiveMemory,
  type SubjectInit,
} from '../protocol.ts';
import { DEFAULT_PACING } from '../../src/bot/transport/api-transformers.ts';
import { createEngineSubject } from './engine-subject.ts';
import { calibratePacer } from './pacer-calibration.ts';
import { createNaiveSubject } from './naive-subject.ts';
import { startProcessMeter, type ProcessMeter } from './process-meter.ts';
import type { Subject } from './subject.ts';

const FLUSH_EVERY_MS = 100;
/** The engine's status and the Telegram queue's length (COUNT queries) are sampled less often: they cost the subject CPU. */
const STATUS_EVERY_FLUSHES = 10;
const KEPT_WARNINGS = 5;

interface Running {
  subject: Subject;
  meter: ProcessMeter;
  warnings: { count: number; last: string[] };
  flushTimer?: NodeJS.Timeout;
}

let running: Running | undefined;
const deliveries: Delivery[] = [];
const reads: ChatRead[] = [];
let firstCycleAt: number | undefined;
let firstCycleSent = false;
let flushes = 0;
const liveMemory: LiveMemory[] = [];

/** Forced full GC (the subject runs with --expose-gc), then the memory that is really held. */
function checkpoint(name: CheckpointName): void {
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  liveMemory.push({ name, at: Date.now(), heapUsedBytes: memory.heapUsed, rssBytes: memory.rss });
}

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      reject(new Error('the benchmark subject must be forked with an IPC channel'));
      return;
    }
    process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

/** Warnings are counted and the last few kept (message text only), so a struggling subject shows in results. */
function warningLogger(apiKeys: string[]): { logger: Logger; warnings: Running['warnings'] } {
  const warnings = { count: 0, last: [] as string[] };
  const logger = createLogger({
    level: 'warn',
    secrets: apiKeys,
    pretty: false,
    destination: {
      write(line: string) {
        warnings.count += 1;
        let text = line;
        try {
          text = String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
        } catch {
          // Not JSON: keep the raw (already scrubbed) line.
        }
        warnings.last.push(text.slice(0, 200));
        if (warnings.last.length > KEPT_WARNINGS) warnings.last.shift();
      },
    },
  });
  return { logger, warnings };
}

async function initialise(init: SubjectInit): Promise<void> {
  const { logger, warnings } = warningLogger(init.stores.map((store) => store.apiKey));
  // Before anything else runs in this process, so the lateness measured is the pacer's alone.
  const pacing = init.subject === 'ours' && init.telegram ? await calibratePacer(DEFAULT_PACING.perChatIntervalMs / init.scale) : undefined;
  const deps = {
    init,
    ...(pacing ? { pacing } : {}),
    logger,
    onDelivery: (delivery: Delivery) => void deliveries.push(delivery),
    onRead: (read: ChatRead) => void reads.push(read),
  };
  const subject = init.subject === 'ours' ? createEngineSubject(deps) : createNaiveSubject(deps);
  const meter = startProcessMeter(50);
  running = { subject, meter, warnings };
  checkpoint('ready');
  const baseline = meter.sample();
  await send({
    type: 'ready',
    baselineRssBytes: baseline.rssBytes,
    baselineHeapUsedBytes: baseline.heapUsedBytes,
    ...(pacing ? { pacing } : {}),
  });
}

async function flush(): Promise<void> {
  if (!running) return;
  const usage = running.meter.sample();
  const status = flushes++ % STATUS_EVERY_FLUSHES === 0;
  const watched = status ? running.subject.watched() : undefined;
  const telegramQueued = status ? await running.subject.telegramQueued() : undefined;
  const batch: ChildMessage = {
    type: 'batch',
    deliveries: deliveries.splice(0),
    reads: reads.splice(0),
    ...(firstCycleAt !== undefined && !firstCycleSent ? { firstCycleAt } : {}),
    usage: {
      at: Date.now(),
      ...usage,
      dbBytes: running.subject.dbBytes(),
      ...(watched ? { watched } : {}),
      ...(telegramQueued === undefined ? {} : { telegramQueued }),
    },
  };
  if (firstCycleAt !== undefined) firstCycleSent = true;
  await send(batch);
}

async function start(): Promise<void> {
  if (!running) throw new Error('start before init');
  const current = running;
  await current.subject.start();
  void current.subject.firstCycle().then(() => {
    firstCycleAt = Date.now();
    checkpoint('first-cycle');
  });
  await send({ type: 'started', at: Date.now() });
  current.flushTimer = setInterval(() => void flush().catch(fail), FLUSH_EVERY_MS);
}

async function stop(): Promise<void> {
  if (!running) throw new Error('stop before init');
  const current = running;
  if (current.flushTimer) clearInterval(current.flushTimer);
  await current.subject.stop();
  await flush();
  const peaks = current.meter.peaks();
  const cpu = process.cpuUsage();
  const rows = current.subject.dbRows();
  const final: ChildMessage = {
    type: 'final',
    peakRssBytes: peaks.rssBytes,
    // Linux reports maxRSS in kilobytes.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    peakHeapUsedBytes: peaks.heapUsedBytes,
    cpuMicros: cpu.user + cpu.system,
    eventLoopDelayMs: current.meter.eventLoopDelayMs(),
    dbBytes: current.subject.dbBytes(),
    dbDiskBytes: current.subject.dbDiskBytes(),
    ...(rows ? { dbRows: rows } : {}),
    warnings: current.warnings,
    requestsSent: current.subject.requestsSent(),
    liveMemory,
  };
  current.meter.stop();
  await send(final);
  process.disconnect();
  // Nothing should keep the process alive now; if something does, leave anyway.
  setTimeout(() => process.exit(0), 2_000).unref();
}

function fail(error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  void send({ type: 'failure', message }).finally(() => process.exit(1));
}

process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
process.on('message', (message: unknown) => {
  if (!isParentMessage(message)) return;
  if (message.type === 'checkpoint') {
    checkpoint(message.name);
    if (message.name === 'warm-end') running?.meter.resetEventLoopDelay();
    return;
  }
  const step = message.type === 'init' ? initialise(message) : message.type === 'start' ? start() : stop();
  step.catch(fail);
});
