/**
 * Notices ("store is back", …) go through the Telegram queue like everything the bot says by itself: said once, kept
 * in the database across restarts, held while Telegram refuses the chat and posted later, in order, saying since when
 * they waited; postNotice never throws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeHarness, eventually, GROUP_ID, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const noticeSends = (harness: BridgeHarness, text: string) =>
  harness.telegram.callsOf('sendMessage').filter((call) => String(call.params.text).endsWith(text));
const posted = (harness: BridgeHarness, pattern: RegExp) =>
  harness.telegram.botMessages(GROUP_ID).filter((message) => pattern.test(message.text));
/** The queue's hold backs off from this (the rig's poll interval is shorter). */
const QUICK_HOLD = { drainer: { backoff: { baseMs: 30, maxMs: 60 } } };

describe('notices', () => {
  it('a notice that meets a network error is posted on a later try, once', async () => {
    h = await createBridgeHarness({ bot: QUICK_HOLD });
    h.telegram.failNext('sendMessage', { network: 'reset' });
    await h.bridge.postNotice('Store is back');
    await h.drained();
    expect(h.telegram.botMessages(GROUP_ID).filter((message) => message.text.endsWith('Store is back'))).toHaveLength(1);
    expect(noticeSends(h, 'Store is back').map((call) => call.ok)).toEqual([false, true]);
  });

  it('keeps trying past several failures in a row, and is posted once', async () => {
    h = await createBridgeHarness({ bot: QUICK_HOLD });
    h.telegram.failNext('sendMessage', { network: 'reset' }, 3);
    await h.bridge.postNotice('Store is down');
    await h.drained();
    expect(noticeSends(h, 'Store is down').map((call) => call.ok)).toEqual([false, false, false, true]);
  });

  it('a refusal (400 chat not found) is not retried at once: the queue waits its backoff, then posts it once', async () => {
    h = await createBridgeHarness({ bot: { drainer: { backoff: { baseMs: 300, maxMs: 300 } } } });
    h.telegram.failNext('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' });
    await h.bridge.postNotice('hello');
    const harness = h;
    await eventually(() => expect(noticeSends(harness, 'hello')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(noticeSends(h, 'hello')).toHaveLength(1);
    await h.drained();
    expect(noticeSends(h, 'hello').map((call) => call.ok)).toEqual([false, true]);
  });

  it('stopping the bot does not wait for a notice held for later, and the notice is sent after the restart', async () => {
    h = await createBridgeHarness({ bot: { drainer: { backoff: { baseMs: 60_000, maxMs: 60_000 } } } });
    h.telegram.failNext('sendMessage', { network: 'reset' });
    await h.bridge.postNotice('Store is back');
    const harness = h;
    await eventually(() => expect(noticeSends(harness, 'Store is back')).toHaveLength(1));
    const stoppedAt = Date.now();
    await h.stopBridge();
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(noticeSends(h, 'Store is back')).toHaveLength(1);
    await h.restart();
    await eventually(() => expect(posted(harness, /Store is back$/)).toHaveLength(1));
  });

  it('a notice raised while Telegram refuses the chat (403) is held, then posted once, in order, saying since when', async () => {
    h = await createBridgeHarness({ bot: QUICK_HOLD });
    h.telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' }, 3);
    await h.bridge.postNotice('Store is down');
    await h.bridge.postNotice('Store is back');
    const harness = h;
    await eventually(() => expect(posted(harness, /Store is (down|back)/)).toHaveLength(2));
    expect(posted(h, /Store is (down|back)/).map((message) => message.text.split('\n').at(-1))).toEqual(['Store is down', 'Store is back']);
    expect(posted(h, /Store is (down|back)/)[0]?.text).toMatch(/^⏳ Held since \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posted(h, /Store is (down|back)/)).toHaveLength(2);
  });

  it('a held notice survives a restart', async () => {
    h = await createBridgeHarness({ bot: { drainer: { backoff: { baseMs: 60_000, maxMs: 60_000 } } } });
    h.telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was kicked from the supergroup chat' });
    await h.bridge.postNotice('The store refused the API key');
    const harness = h;
    await eventually(() => expect(noticeSends(harness, 'The store refused the API key')).toHaveLength(1));
    await h.restart();
    await eventually(() => expect(posted(harness, /The store refused the API key$/)).toHaveLength(1));
  });

  it('goes out as soon as the chat takes a message again, not at the end of its backoff', async () => {
    h = await createBridgeHarness({ bot: { drainer: { backoff: { baseMs: 60_000, maxMs: 60_000 } } } });
    h.telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await h.bridge.postNotice('Store is back');
    const harness = h;
    await eventually(() => expect(noticeSends(harness, 'Store is back')).toHaveLength(1));
    await h.createPaidOrder();
    await eventually(() => expect(posted(harness, /Store is back$/)).toHaveLength(1));
  });

  it('a notice Telegram refuses for what it is (400 about the message) is dropped, not retried for ever', async () => {
    h = await createBridgeHarness({ bot: QUICK_HOLD });
    h.telegram.failNext('sendMessage', { error_code: 400, description: "Bad Request: can't parse entities" });
    await h.bridge.postNotice('Store is down');
    await h.bridge.postNotice('Store is back');
    await h.drained();
    expect(noticeSends(h, 'Store is down').map((call) => call.ok)).toEqual([false]);
    expect(posted(h, /Store is back$/)).toHaveLength(1);
  });
});
