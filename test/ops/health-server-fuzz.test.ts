/**
 * Whatever reaches the health port — odd paths, any method, huge headers, bytes that are not HTTP — the server
 * answers or closes the connection, and neither it nor the process dies: afterwards it still answers GET /healthz.
 */
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/sandbox/random.ts';
import { startHealthServer, type HealthServer } from '../../src/ops/health-server.ts';

let server: HealthServer;
const unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', collect);
  server = await startHealthServer({ port: 0, check: () => ({ ok: true }) });
});
afterAll(async () => {
  process.off('unhandledRejection', collect);
  await server.close();
});
afterEach(async () => {
  // An unhandled rejection surfaces on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(unhandled.splice(0)).toEqual([]);
  expect((await fetch(server.url)).status).toBe(200);
});

/** Writes raw bytes and collects what comes back until the server closes or a short quiet time passes. */
function exchange(bytes: Buffer | string, quietMs = 300): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, closed });
    };
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
    socket.on('connect', () => {
      socket.write(bytes);
      timer = setTimeout(() => done(false), quietMs);
    });
  });
}

const request = (method: string, target: string, headers = '') =>
  `${method} ${target} HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`;
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

describe('health server under odd input', () => {
  const ODD_TARGETS = [
    '//',
    '///healthz',
    '//healthz',
    '/healthz//',
    '//evil.example/healthz',
    'http://health.invalid/healthz',
    '*',
    '/%',
    '/%zz',
    '/healthz?%',
    '/healthz#frag',
    '/\u00ff\u00fe',
    `/${'a'.repeat(60_000)}`,
  ];
  const labelled = ODD_TARGETS.map((target) => [
    target.length > 40 ? `${target.slice(0, 12)}… (${target.length} characters)` : target,
    target,
  ]);
  it.each(labelled)('GET %s is answered, never crashes', async (_label, target) => {
    const { answer } = await exchange(request('GET', target));
    expect(statusOf(answer), target.slice(0, 40)).toBeGreaterThanOrEqual(200);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PATCH', 'CONNECT', 'PROPFIND', 'get'])(
    '%s /healthz is answered or closed',
    async (method) => {
      const { answer, closed } = await exchange(request(method, method === 'CONNECT' ? 'x:1' : '/healthz'));
      expect(answer === '' ? closed : statusOf(answer) >= 200).toBe(true);
    },
  );

  it('huge headers are refused, not fatal', async () => {
    const { answer, closed } = await exchange(request('GET', '/healthz', `X-Big: ${'b'.repeat(200_000)}\r\n`));
    expect(answer === '' ? closed : statusOf(answer) >= 400).toBe(true);
  });

  it('garbage bytes on the socket are answered or closed', async () => {
    const random = mulberry32(7);
    const inputs: Buffer[] = [
      Buffer.from('\r\n\r\n'),
      Buffer.from('GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'),
      Buffer.from('GET /healthz HTTP/1.1\r\nTransfer-Encoding: chunked\r\nHost: x\r\n\r\nzz\r\n'),
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00]), // the start of a TLS hello
      ...Array.from({ length: 25 }, () =>
        Buffer.from(Array.from({ length: 1 + Math.floor(random() * 2_000) }, () => Math.floor(random() * 256))),
      ),
    ];
    for (const bytes of inputs) {
      const { answer, closed } = await exchange(bytes, 150);
      // A half request may be left waiting for the rest (no answer, not closed): the server is alive either way.
      expect(answer === '' || statusOf(answer) >= 400 || closed).toBe(true);
    }
  });

  it('many odd requests at once leave it serving', async () => {
    const random = mulberry32(11);
    const targets = ['//', '/%', '/healthz', '//x', '/'];
    await Promise.all(
      Array.from({ length: 40 }, () =>
        exchange(request(random() < 0.5 ? 'GET' : 'HEAD', targets[Math.floor(random() * targets.length)] ?? '/')),
      ),
    );
  });
});
