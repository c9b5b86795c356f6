/**
 * The bridge's pino logger. Secrets are kept out in three layers, because each catches what the
 * others miss:
 * 1. `redact` censors fields known to hold them (authorization headers, apiKey, token);
 * 2. the `err` serializer scrubs error messages and stacks, which quote URLs (grammY's FetchError
 *    carries `…/bot<token>/getMe`, Node's URL errors carry the input);
 * 3. every finished line is scrubbed before it leaves, so free text — a message, an interpolated
 *    argument, a field nobody thought of — cannot carry a secret out either.
 * Pretty output (pino-pretty) is for a terminal; anything else gets one JSON object per line.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import { REDACTED, scrubDeep, secretScrubber } from '../shared/redact.ts';

export interface LoggerOptions {
  /** pino level name: fatal, error, warn, info, debug, trace or silent. */
  level: string;
  /** Values that must never be written: the bot token, the store API key. Empty strings are ignored. */
  secrets: readonly string[];
  /** Human-readable lines; default: when writing to stdout and stdout is a terminal. */
  pretty?: boolean;
  /** Where lines go; default stdout. Tests pass a memory stream. */
  destination?: DestinationStream | NodeJS.WritableStream;
}

/** Field paths that hold secrets wherever they appear one level deep in a log call's object. */
const SECRET_FIELD_PATHS = [
  'token',
  'apiKey',
  'password',
  'authorization',
  '["x-api-key"]',
  '*.token',
  '*.apiKey',
  '*.password',
  '*.authorization',
  '*["x-api-key"]',
  'headers.authorization',
  'headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
];

export function createLogger(options: LoggerOptions): Logger {
  const scrub = secretScrubber(options.secrets);
  const scrubError = (error: unknown): unknown => scrubDeep(pino.stdSerializers.err(error as Error), scrub);
  const toTerminal = options.destination === undefined && process.stdout.isTTY === true;
  const output = options.destination ?? pino.destination({ dest: 1, sync: true });
  const target = (options.pretty ?? toTerminal) ? prettyStream(output, toTerminal) : output;

  return pino(
    {
      level: options.level,
      redact: { paths: SECRET_FIELD_PATHS, censor: REDACTED },
      serializers: { err: scrubError, error: scrubError },
    },
    scrubbedStream(target, scrub),
  );
}

/** A destination that scrubs each finished line (pino writes one line per call) before passing it on. */
function scrubbedStream(
  target: DestinationStream | NodeJS.WritableStream,
  scrub: (text: string) => string,
): DestinationStream & { flush?: (cb?: (err?: Error | null) => void) => void; flushSync?: () => void } {
  const flushable = target as { flush?: (cb?: (err?: Error | null) => void) => void; flushSync?: () => void };
  return {
    write: (line: string) => void target.write(scrub(line)),
    // Passed through so logger.flush() and pino's exit handling still reach a sonic-boom destination.
    ...(typeof flushable.flush === 'function' ? { flush: flushable.flush.bind(target) } : {}),
    ...(typeof flushable.flushSync === 'function' ? { flushSync: flushable.flushSync.bind(target) } : {}),
  };
}

function prettyStream(destination: DestinationStream | NodeJS.WritableStream, colorize: boolean): NodeJS.WritableStream {
  return pinoPretty({
    destination: destination as NodeJS.WritableStream,
    colorize,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss',
    ignore: 'pid,hostname',
    sync: true,
  });
}
