import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer, type HealthReport, type HealthServer } from '../../src/ops/health-server.ts';

const started: HealthServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});

async function serve(check: () => HealthReport | Promise<HealthReport>): Promise<HealthServer> {
  const server = await startHealthServer({ port: 0, check });
  started.push(server);
  return server;
}

describe('health server', () => {
  it('answers 200 with the report while healthy, and 503 with the reason when not', async () => {
    let report: HealthReport = { ok: true, details: { outboxDepth: 0 } };
    const server = await serve(() => report);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/healthz`);

    const healthy = await fetch(server.url);
    expect(healthy.status).toBe(200);
    expect(healthy.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await healthy.json()).toEqual({ ok: true, details: { outboxDepth: 0 } });

    report = { ok: false, reason: 'the store has not answered for 6 min' };
    const sick = await fetch(server.url);
    expect(sick.status).toBe(503);
    expect(await sick.json()).toEqual({ ok: false, reason: 'the store has not answered for 6 min' });
  });

  it('runs asynchronous checks, and reports a check that throws as unhealthy', async () => {
    let fail = false;
    const server = await serve(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      if (fail) throw new Error('database is locked');
      return { ok: true };
    });
    expect((await fetch(server.url)).status).toBe(200);
    fail = true;
    const response = await fetch(server.url);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, reason: 'health check failed: database is locked' });
  });

  it('ignores a query string, answers HEAD without a body, and 404s everything else', async () => {
    const server = await serve(() => ({ ok: true }));
    const base = `http://127.0.0.1:${server.port}`;
    expect((await fetch(`${server.url}?probe=1`)).status).toBe(200);
    const head = await fetch(server.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/healthz/extra'],
      ['GET', '/metrics'],
      ['POST', '/healthz'],
    ] as const) {
      const response = await fetch(base + path, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      await response.text();
    }
  });

  it('closes promptly even with a keep-alive connection open', async () => {
    const server = await startHealthServer({ port: 0, check: () => ({ ok: true }) });
    const agent = new Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      request(server.url, { agent }, (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end();
    });
    const begun = Date.now();
    await server.close();
    expect(Date.now() - begun).toBeLessThan(1000);
    await expect(fetch(server.url)).rejects.toThrow();
    agent.destroy();
  });

  it('closes promptly while a check hangs, dropping the waiting request', async () => {
    let checkReached: () => void = () => {};
    const reached = new Promise<void>((resolve) => (checkReached = resolve));
    const server = await startHealthServer({
      port: 0,
      check: () => {
        checkReached();
        return new Promise<HealthReport>(() => {});
      },
    });
    const waiting = fetch(server.url).then(
      () => 'answered',
      () => 'dropped',
    );
    await reached;
    const begun = Date.now();
    await server.close();
    expect(Date.now() - begun).toBeLessThan(1000);
    expect(await waiting).toBe('dropped');
  });

  it('reports a port already in use as an error', async () => {
    const first = await serve(() => ({ ok: true }));
    await expect(startHealthServer({ port: first.port, check: () => ({ ok: true }) })).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});
