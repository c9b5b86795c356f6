/**
 * One shutdown budget for the whole bridge: sync's grace period and the bot's wait for updates in flight come out
 * of it, one after the other, so a stop with both a hanging sink and a hanging update still ends by its deadline
 * (each part waiting its own default, they would add up to 15 s).
 */
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { startBridge } from '../../src/app/bridge.ts';
import { loadConfig } from '../../src/config/index.ts';
import { createShutdownBudget, type ShutdownBudget } from '../../src/shared/shutdown-budget.ts';
import { withStallProbe } from '../support/stall-probe.ts';
import { until } from '../support/until.ts';
import { FAST_TELEGRAM, liveEnv, useLiveWorld } from './support/live-bridge.ts';

const SELLER = { id: 5150, first_name: 'Seller' };
const world = useLiveWorld('bridge-shutdown-');

it('a stop with a hanging sink and a hanging update ends within the shared budget', async () => {
  // The order's card (the sink) is told to come back in 30 s; the answer to /help (an update) waits behind it in the
  // chat's queue: both hang.
  world.telegram.failNext('sendMessage', { error_code: 429, retry_after: 30 });
  world.sandbox.control.createOrder();
  const bridge = await startBridge({
    config: loadConfig(liveEnv(world, SELLER.id)),
    stores: [
      { name: 'main', title: 'main', baseUrl: world.sandbox.baseUrl, apiKey: world.sandbox.store.apiKey, deliverField: 'deliveredValue' },
    ],
    logger: pino({ level: 'silent' }),
    overrides: { bot: FAST_TELEGRAM },
  });
  world.bridge = bridge;
  await until(() => world.telegram.callsOf('sendMessage').length === 1, 'the card to be sent');
  world.telegram.sendText(SELLER, '/help');
  await until(() => bridge.bot.polling().handling === 1, 'the /help update to be in hand');
  expect(world.telegram.callsOf('sendMessage')).toHaveLength(1);

  // Every wait the stop takes from the budget is noted with the moment it must end.
  let askedAt = 0;
  const budget = createShutdownBudget({ totalMs: 2_000, reserveMs: 500, now: () => (askedAt = Date.now()) });
  const waitsEndAt: number[] = [];
  const noted: ShutdownBudget = {
    ...budget,
    allow: (wantedMs) => {
      const ms = budget.allow(wantedMs);
      if (ms > 0) waitsEndAt.push(askedAt + ms);
      return ms;
    },
  };
  const cpuBefore = process.cpuUsage();
  const { stalledMs } = await withStallProbe(() => bridge.stop(noted));
  const cpu = process.cpuUsage(cpuBefore);
  // By the deadline, but for the time the machine did not run us: a stall that delays the sync's grace timer past the
  // reserve is the scheduler's (a loaded run overran by 20 ms), and it is measured, not guessed.
  expect(Date.now() - budget.deadline).toBeLessThanOrEqual(stalledMs);
  // As planned, whatever the machine: the waits end before the reserve kept for closing.
  expect(waitsEndAt.length).toBeGreaterThan(0);
  for (const endAt of waitsEndAt) expect(endAt).toBeLessThanOrEqual(budget.deadline - 500);
  // The stop's own work (this process's CPU, the fakes' included) is a small part of the reserve it is kept for.
  expect((cpu.user + cpu.system) / 1000).toBeLessThan(500);
  // Sync waited for its sink as long as the budget allowed (its 5 s grace, cut), which left the bot nothing to wait.
  expect(budget.remaining()).toBeLessThan(1_000);
}, 20_000);
