/** A logger whose lines a test can read, for checking what the client warns about and that no secret is logged. */
import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

export function logLines(level: 'debug' | 'warn' = 'warn'): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: pino({ level }, destination) };
}
