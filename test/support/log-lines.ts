/** A logger whose lines a test can read: what was warned about, and that no secret was logged. */
import { Writable } from 'node:stream';
import { pino, type Level, type Logger } from 'pino';

export function logLines(level: Level = 'warn'): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: pino({ level }, destination) };
}
