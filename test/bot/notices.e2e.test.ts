/**
 * Notices ("store is back", …) are said once, so a network failure is tried again a few times before the notice is
 * given up; a refusal is not retried; postNotice never throws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeHarness, GROUP_ID, type BridgeHarness } from './harness.ts';

let h: BridgeHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const noticeSends = (harness: BridgeHarness, text: string) =>
  harness.telegram.callsOf('sendMessage').filter((call) => call.params.text === text);

describe('notices', () => {
  it('a notice that meets a network error is posted on a later try, once', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [20, 40] } });
    h.telegram.failNext('sendMessage', { network: 'reset' });
    const posted = await h.bridge.postNotice('Store is back');
    expect(posted).toEqual({ chatId: GROUP_ID, messageId: expect.any(Number) });
    expect(h.telegram.botMessages(GROUP_ID).filter((message) => message.text === 'Store is back')).toHaveLength(1);
    expect(noticeSends(h, 'Store is back').map((call) => call.ok)).toEqual([false, true]);
  });

  it('gives up after the last try and resolves undefined', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [20, 40] } });
    h.telegram.failNext('sendMessage', { network: 'reset' }, 3);
    expect(await h.bridge.postNotice('Store is down')).toBeUndefined();
    expect(noticeSends(h, 'Store is down')).toHaveLength(3);
  });

  it('a refusal (400) is not retried', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [20, 40] } });
    h.telegram.failNext('sendMessage', { error_code: 400, description: 'Bad Request: chat not found' });
    expect(await h.bridge.postNotice('hello')).toBeUndefined();
    expect(noticeSends(h, 'hello')).toHaveLength(1);
  });

  it('stopping the bot gives up a notice waiting for its next try', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [60_000] } });
    h.telegram.failNext('sendMessage', { network: 'reset' });
    const pending = h.bridge.postNotice('Store is back');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stoppedAt = Date.now();
    await h.stopBridge();
    expect(await pending).toBeUndefined();
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(noticeSends(h, 'Store is back')).toHaveLength(1);
  });
});
