import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { manualClock, useSandbox } from './helpers.ts';

const start = useSandbox();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a condition the sandbox reaches asynchronously (e.g. noticing a client gave up). */
async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('sandbox faults: breakApi / heal', () => {
  it("'http503' answers 503 with a body that is not the envelope, then heals", async () => {
    const { control, api } = await start({ rateLimit: { limit: 100, windowMs: 1000 } });
    control.breakApi('http503');
    const broken = await api('GET', '/orders');
    expect(broken.status).toBe(503);
    expect(broken.json).toBeUndefined();
    expect(broken.headers.get('ratelimit-limit')).toBeNull();
    control.heal();
    const healed = await api('GET', '/orders');
    expect(healed.status).toBe(200);
    expect(healed.json.success).toBe(true);
  });

  it("'html' answers 200 with an HTML page", async () => {
    const { control, api } = await start();
    control.breakApi('html');
    const reply = await api('GET', '/products');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(reply.text).toContain('<html');
    expect(reply.json).toBeUndefined();
  });

  it("'reset' destroys the connection", async () => {
    const { control, api } = await start();
    control.breakApi('reset');
    await expect(api('GET', '/orders')).rejects.toThrow();
    control.heal();
    expect((await api('GET', '/orders')).status).toBe(200);
  });

  it('a fault does not act: a take during 503 leaves the order paid', async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    control.breakApi('http503');
    expect((await api('POST', `/orders/${order.id}/take`)).status).toBe(503);
    expect(control.order(order.id)?.status).toBe('paid');
  });

  it('heals by itself at untilMs on the sandbox clock', async () => {
    const clock = manualClock();
    const { control, api } = await start({ now: clock.now });
    control.breakApi('http503', clock.now() + 5000);
    expect((await api('GET', '/orders')).status).toBe(503);
    clock.advance(4999);
    expect((await api('GET', '/orders')).status).toBe(503);
    clock.advance(1);
    expect((await api('GET', '/orders')).status).toBe(200);
  });

  it("'hang' holds requests until heal, then serves those whose client is still waiting, in arrival order", async () => {
    const { control, api } = await start();
    const order = control.createOrder();
    control.breakApi('hang');
    const cancel = api('POST', `/orders/${order.id}/cancel`);
    await pause(30);
    const take = api('POST', `/orders/${order.id}/take`);
    await pause(30);
    const raced = await Promise.race([take.then(() => 'answered'), pause(100).then(() => 'pending')]);
    expect(raced).toBe('pending');
    expect(control.order(order.id)?.status).toBe('paid');
    expect(control.stats().total).toBe(0);

    control.heal();
    expect((await cancel).status).toBe(200);
    expect((await take).json.error.code).toBe('ORDER_INVALID_STATUS');
    expect(control.order(order.id)).toMatchObject({ status: 'cancelled', refunded: true });
  });

  it('a hung request whose client gave up is dropped without acting', async () => {
    const { sandbox, control } = await start();
    const order = control.createOrder();
    control.breakApi('hang');
    const aborter = new AbortController();
    const pending = fetch(`${sandbox.baseUrl}/orders/${order.id}/take`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.store.apiKey}` },
      signal: aborter.signal,
    }).catch(() => 'aborted');
    await pause(50);
    aborter.abort();
    expect(await pending).toBe('aborted');
    await waitFor(() => control.stats().byStatus[0] === 1);
    control.heal();
    await pause(50);
    expect(control.order(order.id)?.status).toBe('paid');
    expect(control.stats()).toMatchObject({ byStatus: { 0: 1 }, byRoute: { 'POST /orders/{id}/take': 1 }, total: 1 });
  });

  it('close() returns promptly with a hung request and a keep-alive connection open', async () => {
    const sandbox = await startSandbox();
    // A keep-alive connection left idle after one answer.
    const agentReply = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${sandbox.baseUrl}/products`,
        { headers: { 'x-api-key': sandbox.store.apiKey, connection: 'keep-alive' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(agentReply).toBe(200);
    sandbox.control.breakApi('hang');
    const hung = fetch(`${sandbox.baseUrl}/orders`, { headers: { 'x-api-key': sandbox.store.apiKey } }).then(
      () => 'answered',
      () => 'failed',
    );
    await pause(50);
    const started = Date.now();
    await sandbox.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await hung).toBe('failed');
    // Closing twice is harmless.
    await sandbox.close();
    await expect(fetch(`${sandbox.baseUrl}/products`)).rejects.toThrow();
  });

  it('refuses an unknown fault mode with a code', async () => {
    const { control } = await start();
    expect(() => control.breakApi('teapot' as never)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

describe('sandbox faults: timed hang', () => {
  it("a timed 'hang' releases its held requests when the time is up", async () => {
    const { control, api } = await start();
    control.breakApi('hang', Date.now() + 150);
    const started = Date.now();
    const reply = await api('GET', '/products');
    expect(reply.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
