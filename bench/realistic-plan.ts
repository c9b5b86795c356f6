/**
 * The realistic workload's plan for one order: its lifecycle at the store and when its buyer writes, drawn at once
 * from the order's own random stream, so both subjects get the very same timeline (nothing depends on what the
 * subject did). Times are store ms from the subject's start.
 *
 * - A new paid order is taken (processing) 2–20 min later, delivered (awaiting_confirmation) 10–60 min after that,
 *   confirmed (completed) 1–4 h after delivery — by the store website and the buyer, i.e. through the control API.
 *   Stocked orders are left to ours' auto-delivery (the naive poller never delivers them).
 * - A pre-existing open order (processing) is delivered within the next 4 h, completed 1–4 h later.
 * - Buyers write near their own order's events: just after paying (60%), once while it is processed (40%; 25% for
 *   pre-existing orders), right after delivery (50%). Each message is followed up 2–6 min later with probability
 *   one half, as after a seller's answer, at most three times in a row.
 */
import type { Random } from '../src/sandbox/random.ts';
import { HOUR, MINUTE } from './time-scale.ts';

export type PlannedStep =
  | { kind: 'status'; atMs: number; status: 'processing' | 'awaiting_confirmation' | 'completed' }
  | { kind: 'message'; atMs: number; text: string };

const FOLLOW_UP_CHANCE = 0.5;
const MAX_FOLLOW_UPS = 3;

export function planNewOrder(random: Random, paidAtMs: number, stocked: boolean): PlannedStep[] {
  const steps: PlannedStep[] = [];
  if (random() < 0.6) conversation(random, steps, paidAtMs + between(random, 0.5 * MINUTE, 3 * MINUTE), 'just paid: when will it arrive?');
  if (stocked) return steps;
  const takenAt = paidAtMs + between(random, 2 * MINUTE, 20 * MINUTE);
  const deliveredAt = takenAt + between(random, 10 * MINUTE, 60 * MINUTE);
  steps.push({ kind: 'status', atMs: takenAt, status: 'processing' });
  if (random() < 0.4) conversation(random, steps, between(random, takenAt, deliveredAt), 'any news on my order?');
  delivery(random, steps, deliveredAt);
  return steps;
}

export function planOpenOrder(random: Random): PlannedStep[] {
  const steps: PlannedStep[] = [];
  const deliveredAt = between(random, 0, 4 * HOUR);
  if (random() < 0.25) conversation(random, steps, between(random, 0, deliveredAt), 'still waiting, is everything fine?');
  delivery(random, steps, deliveredAt);
  return steps;
}

function delivery(random: Random, steps: PlannedStep[], deliveredAt: number): void {
  steps.push({ kind: 'status', atMs: deliveredAt, status: 'awaiting_confirmation' });
  if (random() < 0.5) conversation(random, steps, deliveredAt + between(random, 0.5 * MINUTE, 5 * MINUTE), 'got it, how do I activate it?');
  steps.push({ kind: 'status', atMs: deliveredAt + between(random, HOUR, 4 * HOUR), status: 'completed' });
}

/** A message and the follow-ups it draws. */
function conversation(random: Random, steps: PlannedStep[], atMs: number, text: string): void {
  steps.push({ kind: 'message', atMs, text });
  let at = atMs;
  for (let i = 0; i < MAX_FOLLOW_UPS && random() < FOLLOW_UP_CHANCE; i++) {
    at += between(random, 2 * MINUTE, 6 * MINUTE);
    steps.push({ kind: 'message', atMs: at, text: `follow-up ${i + 1}: thanks, and one more question` });
  }
}

function between(random: Random, min: number, max: number): number {
  return min + random() * Math.max(0, max - min);
}

/**
 * The day's peak: new orders arrive `factor` times faster at `atMs`, falling off as a bell of width `widthMs`
 * (one standard deviation); the run's measured window is put on it.
 */
export interface DailyPeak {
  atMs: number;
  widthMs: number;
  factor: number;
}

export function peakRate(peak: DailyPeak, atMs: number): number {
  const z = (atMs - peak.atMs) / peak.widthMs;
  return 1 + (peak.factor - 1) * Math.exp(-0.5 * z * z);
}
