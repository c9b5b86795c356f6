/**
 * Notices ("store is back", …) are said once, so a network failure is tried again a few times at once; a notice
 * Telegram did not take is held (in the database, across restarts) and posted later, in order, once the chat takes
 * messages again; postNotice never throws.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeHarness, eventually, GROUP_ID, type BridgeHarness } from './harness.ts';

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

  it('gives up its quick tries after the last one and resolves undefined', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [20, 40] } });
    h.telegram.failNext('sendMessage', { network: 'reset' }, 3);
    expect(await h.bridge.postNotice('Store is down')).toBeUndefined();
    expect(noticeSends(h, 'Store is down')).toHaveLength(3);
  });

  it('a refusal (400) is not retried at once', async () => {
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

  it('a notice raised while Telegram refuses the chat (403) is held, then posted once, in order, saying since when', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [], heldNoticeBackoff: { baseMs: 30, maxMs: 60 } } });
    h.telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' }, 3);
    expect(await h.bridge.postNotice('Store is down')).toBeUndefined();
    expect(await h.bridge.postNotice('Store is back')).toBeUndefined();
    const harness = h;
    const posted = () => harness.telegram.botMessages(GROUP_ID).filter((message) => /Store is (down|back)/.test(message.text));
    await eventually(() => expect(posted()).toHaveLength(2));
    expect(posted().map((message) => message.text.split('\n').at(-1))).toEqual(['Store is down', 'Store is back']);
    expect(posted()[0]?.text).toMatch(/^⏳ Held since \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posted()).toHaveLength(2);
  });

  it('a held notice survives a restart', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [] } });
    h.telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was kicked from the supergroup chat' });
    expect(await h.bridge.postNotice('The store refused the API key')).toBeUndefined();
    await h.restart();
    const harness = h;
    await eventually(() =>
      expect(
        harness.telegram.botMessages(GROUP_ID).filter((message) => message.text.endsWith('The store refused the API key')),
      ).toHaveLength(1),
    );
  });

  it('goes out as soon as the chat takes a message again, not at the end of its backoff', async () => {
    h = await createBridgeHarness({ bot: { noticeRetryDelaysMs: [], heldNoticeBackoff: { baseMs: 60_000, maxMs: 60_000 } } });
    h.telegram.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(await h.bridge.postNotice('Store is back')).toBeUndefined();
    await h.createPaidOrder();
    const harness = h;
    await eventually(() =>
      expect(harness.telegram.botMessages(GROUP_ID).some((message) => message.text.endsWith('Store is back'))).toBe(true),
    );
  });
});
