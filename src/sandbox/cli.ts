/**
 * `npm run sandbox`: the sandbox store on its own, for trying the bridge without a real store.
 * Prints the base URL and a working key (shown once, like a real store does), then serves until
 * SIGINT/SIGTERM.
 */
import { randomInt } from 'node:crypto';
import { pino } from 'pino';
import { CLI_USAGE, parseCliOptions, toSandboxOptions } from './cli-options.ts';
import { startSandbox } from './server.ts';

async function main(): Promise<number> {
  const parsed = parseCliOptions(process.argv.slice(2), process.env);
  if (parsed.kind === 'help') {
    process.stdout.write(CLI_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`sandbox: ${parsed.message}\n\n${CLI_USAGE}`);
    return 2;
  }
  const { seed, ...options } = toSandboxOptions(parsed.options, randomInt(2 ** 31));
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination(2));
  const sandbox = await startSandbox({ ...options, logger });
  const origin = sandbox.baseUrl.replace(/\/v1$/, '');
  const rate = options.rateLimit ? `${options.rateLimit.limit} requests per ${options.rateLimit.windowMs} ms per key` : 'unlimited';
  const buyers = options.buyers
    ? `${options.buyers.ordersPerMinute} orders/min, ${options.buyers.messagesPerMinute} messages/min (seed ${seed})`
    : 'off';
  // The banner goes to stdout on purpose: it is how the sandbox hands out its key, as a store's settings page would.
  process.stdout.write(
    [
      'Sandbox store is running.',
      `  SELLER_API_URL=${sandbox.baseUrl}`,
      `  SELLER_API_KEY=${sandbox.store.apiKey}`,
      `  rate limit: ${rate}`,
      `  simulated buyers: ${buyers}`,
      `  control surface: ${origin}/_sandbox (e.g. curl -X POST ${origin}/_sandbox/orders -d '{}')`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );

  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sandbox.close();
  logger.info('sandbox store stopped');
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
