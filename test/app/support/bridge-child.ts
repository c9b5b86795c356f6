/**
 * The wired bridge (app/bridge.ts) as its own process, for tests that kill it: configured from the environment like
 * `npm start` (live mode, against the parent's sandbox store and fake Bot API), with Telegram's pacing off so the test
 * measures the bridge. Prints "started" once it polls; SIGTERM stops it cleanly, SIGKILL is the crash.
 */
import { pino } from 'pino';
import { startBridge } from '../../../src/app/bridge.ts';
import { loadConfig } from '../../../src/config/index.ts';

const config = loadConfig(process.env);
if (config.mode !== 'live') throw new Error('the child runs against a store: set SELLER_API_URL and SELLER_API_KEY');
const bridge = await startBridge({
  config,
  stores: config.stores,
  logger: pino({ level: config.logLevel }, pino.destination(2)),
  overrides: { bot: { pacing: { perChatIntervalMs: 0, groupPerMinute: 10_000, globalPerSecond: 10_000 }, pollingTimeoutSeconds: 1 } },
});
process.once('SIGTERM', () => {
  void bridge.stop().then(() => process.exit(0));
});
process.stdout.write('started\n');
