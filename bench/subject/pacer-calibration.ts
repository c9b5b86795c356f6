/**
 * The bot's pacer (Bottleneck) starts a chat's next call a timer's lateness after the gap it was given: a few real
 * milliseconds, nothing against Telegram's 1 s, but multiplied by S under compression (at S = 60, 6 ms of lateness
 * makes a 1 s gap 1.36 store seconds). So the subject measures that lateness once, on the pacer itself with calls that cost nothing, and the bot gets
 * its gap minus it: the pace it has in real time, plus a small margin. The fake Bot API still enforces the true limits
 * (with bursts of 3 to absorb jitter), so a calibration that overshoots shows as Telegram 429s earned by ours; the
 * margin keeps a long backlog from emptying the burst allowance, as the lateness measured at start is not the later one.
 */
import type { Transformer } from 'grammy';
import { createTelegramPacer } from '../../src/bot/transport/telegram-pacer.ts';

const SAMPLES = 20;
/** The gap is never cut below this share of itself, whatever was measured. */
const MIN_SHARE = 0.25;
/** The calibrated gap aims this share above the true one: the lateness measured at start is not the lateness later. */
const MARGIN_SHARE = 0.05;

export interface PacerCalibration {
  /** The compressed gap the bridge would use (1000 ms / S). */
  gapMs: number;
  /** Measured lateness per call, real ms. */
  latenessMs: number;
  /** What the bot is given. */
  calibratedGapMs: number;
}

export async function calibratePacer(gapMs: number): Promise<PacerCalibration> {
  const pacer = createTelegramPacer({ perChatIntervalMs: gapMs, groupPerMinute: Number.MAX_SAFE_INTEGER, globalPerSecond: 1_000_000 });
  const free: Parameters<Transformer>[0] = async () => ({ ok: true, result: true }) as never;
  const started = performance.now();
  await Promise.all(Array.from({ length: SAMPLES + 1 }, () => pacer.transformer(free, 'sendMessage', { chat_id: 1 } as never)));
  const latenessMs = Math.max(0, (performance.now() - started) / SAMPLES - gapMs);
  return { gapMs, latenessMs, calibratedGapMs: Math.max(gapMs * MIN_SHARE, gapMs * (1 + MARGIN_SHARE) - latenessMs) };
}
