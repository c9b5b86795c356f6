/** Secrets never reach a log line or the status, even when the sink's error carries a bot token in a URL. */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { maskSecretShapes } from '../../src/shared/redact.ts';
import { createHarness, type Harness } from './harness.ts';

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

it('masks bot tokens and store keys from error texts', () => {
  expect(maskSecretShapes(`Network request for 'sendMessage' failed! https://api.telegram.org/bot${BOT_TOKEN}/sendMessage`)).not.toContain(
    BOT_TOKEN,
  );
  expect(maskSecretShapes('key svc_sk_abcdefghijabcdefghijabcdefghijabcdefghij was refused')).toBe('key [redacted] was refused');
});

it('logs a failing sink without the token it carried, and keeps the key out of everything', async () => {
  let logs = '';
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    }),
  );
  const order = h.sandbox.control.createOrder({ status: 'paid' }).id;
  h.sandbox.control.postBuyerMessage(order, 'hi');
  const failing = {
    ...h.sink,
    orderAppeared: async () => {
      throw new Error(`Network request for 'sendMessage' failed! https://api.telegram.org/bot${BOT_TOKEN}/sendMessage`);
    },
  };
  const engine = h.engine({ sink: failing, logger });
  await engine.pollNow();
  h.sandbox.control.revokeKey(h.sandbox.store.apiKey);
  await engine.pollNow();

  expect(logs).toContain('sink refused an order event');
  expect(logs).toContain('[redacted]');
  expect(logs).not.toContain(BOT_TOKEN);
  expect(logs).not.toContain(h.sandbox.store.apiKey);
  expect(JSON.stringify(engine.status())).not.toContain(h.sandbox.store.apiKey);
  expect(engine.status().lastError?.code).toBe('API_KEY_INVALID');
});
