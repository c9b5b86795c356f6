/**
 * The Telegram queue refuses new events only past its cap, with a code a person can act on and a time to ask again;
 * sync keeps what it was handing over and offers it again (it is never dropped). Below the cap every event is queued.
 */
import { describe, expect, it, vi } from 'vitest';
import { BridgeBotError } from '../../src/bot/errors.ts';
import { createQueuedSink } from '../../src/bot/sink/queued-sink.ts';
import type { TelegramQueueStore } from '../../src/bot/sink/queue-store.ts';
import type { TelegramDrainer } from '../../src/bot/sink/telegram-drainer.ts';
import type { ChatBinding } from '../../src/bot/storage/chat-binding.ts';
import type { Translator } from '../../src/bot/texts/translator.ts';
import type { Order } from '../../src/seller-api/schemas.ts';

const order = { id: 'ord_1', status: 'paid' } as unknown as Order;

function sinkWith(pending: number, maxPending: number) {
  const add = vi.fn(async () => true);
  const store = { pending: async () => pending, add, replacePending: vi.fn() } as unknown as TelegramQueueStore;
  const drainer = { held: () => undefined, wake: vi.fn(), retryNow: vi.fn() } as unknown as TelegramDrainer;
  const binding = { requireChatId: async () => -100, requireChatOf: async () => -100 } as unknown as ChatBinding;
  const sink = createQueuedSink({
    store,
    drainer,
    actionSettled: async () => undefined,
    binding,
    tr: {} as Translator,
    maxPending,
    now: () => 0,
  });
  return { sink, add };
}

describe('the queued sink at its cap', () => {
  it('queues below the cap', async () => {
    const { sink, add } = sinkWith(9, 10);
    await expect(sink.orderAppeared(order)).resolves.toEqual({ telegram: [] });
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('refuses at the cap with TELEGRAM_RATE_LIMITED and a time to ask again, queuing nothing', async () => {
    const { sink, add } = sinkWith(10, 10);
    const refusal = await sink.orderAppeared(order).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BridgeBotError);
    expect(refusal).toMatchObject({ code: 'TELEGRAM_RATE_LIMITED', retryAfterMs: expect.any(Number) });
    expect(add).not.toHaveBeenCalled();
  });
});
