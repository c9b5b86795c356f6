/**
 * The benchmark's store-time rate-limit headers, against the real sandbox on loopback with a pinned clock:
 * a compressed 60 s window must be announced in whole store seconds, never earlier than the sandbox resets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { storeTimeRateLimitHeaders } from '../../bench/subject/store-time-headers.ts';
import { createTimeScale } from '../../bench/time-scale.ts';

const S = 60;
const scale = createTimeScale(S);
let sandbox: SandboxHandle | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await agent?.close();
  await sandbox?.close();
});

/** `travelMs`: how much later than the store's count the interceptor sees each answer (real ms). */
async function setUp(limit: number, travelMs = 0) {
  let now = 1_700_000_000_000;
  const clock = {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
  sandbox = await startSandbox({ now: clock.now, rateLimit: { limit, windowMs: scale.toReal(60_000) } });
  agent = new Agent();
  const dispatcher = agent.compose(storeTimeRateLimitHeaders({ scale, windowStoreMs: 60_000, now: () => clock.now() + travelMs }));
  const { baseUrl, store } = sandbox;
  const get = async (key = store.apiKey) => {
    const response = await request(`${baseUrl}/products`, { dispatcher, headers: { authorization: `Bearer ${key}` } });
    await response.body.text();
    const header = (name: string) => response.headers[name] as string | undefined;
    return {
      status: response.statusCode,
      reset: header('ratelimit-reset'),
      retryAfter: header('retry-after'),
      remaining: header('ratelimit-remaining'),
    };
  };
  return { clock, get };
}

describe('store-time rate-limit headers', () => {
  it('announces the reset in whole store seconds, written as real seconds', async () => {
    const { clock, get } = await setUp(120);
    expect(await get()).toMatchObject({ status: 200, remaining: '119', reset: '1.0000' });

    clock.advance(300); // 18 store seconds gone: 42 left
    expect((await get()).reset).toBe((42 / S).toFixed(4));

    clock.advance(290); // 35.4 gone: 24.6 left, rounded up to 25 as a real store would
    expect((await get()).reset).toBe((25 / S).toFixed(4));
  });

  it('tells a 429 to retry when the window resets, not a whole real second later', async () => {
    const { clock, get } = await setUp(2);
    await get();
    await get();
    clock.advance(500);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe((30 / S).toFixed(4));
    expect(refused.reset).toBe(refused.retryAfter);

    clock.advance(500);
    expect(await get()).toMatchObject({ status: 200, remaining: '1', reset: '1.0000' });
  });

  it("announces 1 store second for the window's last answers that arrive after its inferred end", async () => {
    // Each answer reaches the interceptor 5 real ms (0.3 store s) after the store counted it.
    const { clock, get } = await setUp(120, 5);
    await get();
    clock.advance(scale.toReal(60_000) - 2); // counted 2 real ms before the window ends, seen 3 after
    // Not the sandbox's "1" (a whole real second, 60 store seconds).
    expect(await get()).toMatchObject({ remaining: '118', reset: (1 / S).toFixed(4) });
  });

  it("passes the store's own header through while it has not seen a window open", async () => {
    const { clock, get } = await setUp(120);
    // Someone else opened this window (the first answer we see already has 118 left): its start is unknown.
    const other = await request(`${sandbox?.baseUrl}/products`, { headers: { authorization: `Bearer ${sandbox?.store.apiKey}` } });
    await other.body.text();
    clock.advance(400);
    expect(await get()).toMatchObject({ remaining: '118', reset: '1' });
  });
});
