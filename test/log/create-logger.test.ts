import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Bot, HttpError } from 'grammy';
import { request, fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log/index.ts';

const TOKEN = '987654321:AAFx_real-looking-token-secret-part-0123';
const TOKEN_SECRET = TOKEN.split(':')[1]!;
const KEY = `svc_sk_${'Zq8'.repeat(13)}w`;

/** A destination that keeps every line pino writes. */
function memory(): { write(line: string): void; text(): string } {
  const lines: string[] = [];
  return { write: (line) => void lines.push(line), text: () => lines.join('') };
}

function expectClean(text: string): void {
  expect(text).not.toContain(TOKEN_SECRET);
  expect(text).not.toContain(encodeURIComponent(TOKEN));
  expect(text).not.toContain(KEY);
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('createLogger keeps the bot token out', () => {
  it('scrubs a real grammY HttpError whose cause quotes the URL with the token', async () => {
    const port = await closedPort();
    const bot = new Bot(TOKEN, { client: { apiRoot: `http://127.0.0.1:${port}`, sensitiveLogs: true } });
    const error = await bot.api.getMe().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    const cause = (error as HttpError).error as Error;
    // The premise: unscrubbed, the token is right there.
    expect(`${(error as Error).message} ${cause.message}`).toContain(TOKEN);

    const out = memory();
    const log = createLogger({ level: 'info', secrets: [TOKEN, KEY], destination: out });
    log.error({ err: error }, 'getMe failed');
    log.error(error as Error);
    log.warn('telegram unreachable: %s', cause.message);
    log.warn(cause.message);
    log.info({ detail: cause.message, nested: { deeper: { url: `http://127.0.0.1:${port}/bot${TOKEN}/getMe` } } }, 'x');

    const text = out.text();
    expectClean(text);
    expect(text).not.toContain(TOKEN);
    // What is left still says what happened.
    expect(text).toContain("Network request for 'getMe' failed!");
    expect(text).toContain('ECONNREFUSED');
    expect(text).toContain(`127.0.0.1:${port}/bot[redacted]/getMe`);
    expect(text.trim().split('\n')).toHaveLength(5);
    for (const line of text.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('scrubs the URL-encoded form of the token', () => {
    const out = memory();
    createLogger({ level: 'info', secrets: [TOKEN], destination: out }).info(`GET /bot${encodeURIComponent(TOKEN)}/getUpdates`);
    expectClean(out.text());
    expect(out.text()).toContain('GET /bot[redacted]/getUpdates');
  });
});

describe('createLogger keeps the store key out', () => {
  it('scrubs real undici errors and censors known header fields', async () => {
    // A server that hangs up on every request: undici fails with a SocketError.
    const server = createServer((req) => req.socket.destroy());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const headers = { authorization: `Bearer ${KEY}`, 'x-api-key': KEY };

    const socketError = await request(`http://127.0.0.1:${port}/v1/orders`, { headers }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(socketError).toBeInstanceOf(Error);
    // fetch refuses credentials in a URL and quotes the URL in its message.
    const credentialsError = await undiciFetch(`http://svc:${KEY}@127.0.0.1:${port}/v1/products`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String((credentialsError as Error).message)).toContain(KEY);
    // Node's URL errors keep the whole input in an enumerable `input` field.
    const urlError = await Promise.resolve()
      .then(() => request(`http://127.0.0.1:${port}:bad/v1/orders?key=${KEY}`))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(JSON.stringify(urlError)).toContain(KEY);

    const out = memory();
    const log = createLogger({ level: 'debug', secrets: [TOKEN, KEY], destination: out });
    log.error({ err: socketError, request: { method: 'GET', headers } }, 'orders failed');
    log.error({ err: credentialsError }, 'products failed');
    log.error({ error: urlError }, 'bad url');
    log.debug({ headers, apiKey: KEY, token: TOKEN }, 'request sent');
    log.info({ config: { seller: { apiKey: KEY }, telegram: { token: TOKEN } } }, 'config');

    const text = out.text();
    expectClean(text);
    expect(text).not.toContain(TOKEN);
    expect(text).toContain('orders failed');
    expect(text).toContain('"method":"GET"');
    expect(text).toMatch(/other side closed|SocketError|UND_ERR_SOCKET/);
    expect(text).toContain('credentials');
    // Errors under `error` are serialized like `err` (message and stack), not as `{}`.
    expect(text).toContain('Invalid URL');
    expect(text).toContain('"authorization":"[redacted]"');
  });
});

describe('createLogger output', () => {
  it('writes JSON lines at or above the level only', () => {
    const out = memory();
    const log = createLogger({ level: 'warn', secrets: [], destination: out });
    log.info('hidden');
    log.warn({ orderId: 'o-1' }, 'shown');
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: 'shown', orderId: 'o-1' });
  });

  it('pretty-prints when asked, still scrubbed', () => {
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    const log = createLogger({ level: 'info', secrets: [TOKEN], pretty: true, destination });
    log.info({ url: `https://api.telegram.org/bot${TOKEN}/sendMessage` }, 'sending');
    const text = chunks.join('');
    expectClean(text);
    expect(text).toContain('INFO');
    expect(text).toContain('sending');
    expect(text).toContain('bot[redacted]/sendMessage');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('passes lines through untouched when there are no secrets', () => {
    const out = memory();
    createLogger({ level: 'info', secrets: ['', ''], destination: out }).info('plain [text] here');
    expect(JSON.parse(out.text()).msg).toBe('plain [text] here');
  });
});
