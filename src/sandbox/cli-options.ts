/**
 * Options of `npm run sandbox`: flags first, then SANDBOX_* environment variables, then defaults.
 * Defaults start gentle simulated buyers so a curious person sees orders and messages arrive.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { SandboxOptions } from './contract.ts';
import { GENTLE_RATES } from './presets.ts';

export const CLI_USAGE = `Usage: npm run sandbox -- [options]

  --port <n>                      port to listen on (SANDBOX_PORT, default 8787; 0 picks a free one)
  --host <addr>                   address to bind (SANDBOX_HOST, default 127.0.0.1)
  --seed <n>                      seed of the simulated buyers (SANDBOX_SEED, default random)
  --rate-limit <n>                requests per window and key (SANDBOX_RATE_LIMIT, default 120; 0 = unlimited)
  --rate-window-ms <ms>           rate-limit window (SANDBOX_RATE_WINDOW_MS, default 60000)
  --orders-per-minute <x>         new paid orders per minute (SANDBOX_ORDERS_PER_MINUTE, default ${GENTLE_RATES.ordersPerMinute})
  --messages-per-minute <x>       buyer messages per minute (SANDBOX_MESSAGES_PER_MINUTE, default ${GENTLE_RATES.messagesPerMinute})
  --confirmations-per-minute <x>  confirmation rate of each delivered order (SANDBOX_CONFIRMATIONS_PER_MINUTE, default ${GENTLE_RATES.confirmationsPerMinute})
  --no-buyers                     no simulated buyers (SANDBOX_BUYERS=off)
  --help                          this text
`;

const count = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .min(0, `${name} must be 0 or more`);
const rate = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .max(60_000, `${name} is at most 60000`);

const CliOptionsSchema = z.object({
  port: count('port').max(65535, 'port is at most 65535').default(8787),
  host: z.string().min(1).default('127.0.0.1'),
  seed: count('seed').optional(),
  rateLimit: count('rate limit').default(120),
  rateWindowMs: count('rate window').min(1, 'rate window must be at least 1 ms').default(60_000),
  ordersPerMinute: rate('orders per minute').default(GENTLE_RATES.ordersPerMinute),
  messagesPerMinute: rate('messages per minute').default(GENTLE_RATES.messagesPerMinute),
  confirmationsPerMinute: rate('confirmations per minute').default(GENTLE_RATES.confirmationsPerMinute),
  buyers: z.enum(['on', 'off']).default('on'),
});
export type CliOptions = z.infer<typeof CliOptionsSchema>;

export type CliParse = { kind: 'help' } | { kind: 'options'; options: CliOptions } | { kind: 'error'; message: string };

/** Where each option comes from: its flag, then its environment variable. */
const SOURCES: Record<Exclude<keyof CliOptions, 'buyers'>, { flag: string; variable: string }> = {
  port: { flag: 'port', variable: 'SANDBOX_PORT' },
  host: { flag: 'host', variable: 'SANDBOX_HOST' },
  seed: { flag: 'seed', variable: 'SANDBOX_SEED' },
  rateLimit: { flag: 'rate-limit', variable: 'SANDBOX_RATE_LIMIT' },
  rateWindowMs: { flag: 'rate-window-ms', variable: 'SANDBOX_RATE_WINDOW_MS' },
  ordersPerMinute: { flag: 'orders-per-minute', variable: 'SANDBOX_ORDERS_PER_MINUTE' },
  messagesPerMinute: { flag: 'messages-per-minute', variable: 'SANDBOX_MESSAGES_PER_MINUTE' },
  confirmationsPerMinute: { flag: 'confirmations-per-minute', variable: 'SANDBOX_CONFIRMATIONS_PER_MINUTE' },
};

/** Reads flags and environment; a bad value names the flag, the variable and what is wrong. */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliParse {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        ...Object.fromEntries(Object.values(SOURCES).map(({ flag }) => [flag, { type: 'string' as const }])),
        'no-buyers': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const raw: Record<string, unknown> = {
    buyers: values['no-buyers'] ? 'off' : env.SANDBOX_BUYERS || undefined,
  };
  for (const [key, { flag, variable }] of Object.entries(SOURCES)) {
    const value = values[flag];
    raw[key] = typeof value === 'string' ? value : env[variable] || undefined;
  }
  const parsed = CliOptionsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    const source = typeof key === 'string' && key in SOURCES ? SOURCES[key as keyof typeof SOURCES] : undefined;
    const where = source ? `--${source.flag} (${source.variable})` : '--no-buyers (SANDBOX_BUYERS=on|off)';
    return { kind: 'error', message: `${where}: ${issue?.message ?? 'invalid value'}` };
  }
  return { kind: 'options', options: parsed.data };
}

/** Sandbox options for the CLI's choices; `randomSeed` is used when none was given. */
export function toSandboxOptions(options: CliOptions, randomSeed: number): SandboxOptions & { seed: number } {
  const seed = options.seed ?? randomSeed;
  return {
    port: options.port,
    host: options.host,
    seed,
    rateLimit: options.rateLimit > 0 ? { limit: options.rateLimit, windowMs: options.rateWindowMs } : undefined,
    buyers:
      options.buyers === 'on'
        ? {
            seed,
            ordersPerMinute: options.ordersPerMinute,
            messagesPerMinute: options.messagesPerMinute,
            confirmationsPerMinute: options.confirmationsPerMinute,
          }
        : undefined,
  };
}
