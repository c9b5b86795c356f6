/**
 * grammY's Api with the bridge's transformers (createApiTransformers: pacing around auto-retry), answered in this
 * process instead of over HTTP, for tests that run on vitest's fake clock (`vi.useFakeTimers()`). The moment each
 * request leaves the transformers is the pacer's own moment, in exact fake ms: a loaded machine can delay nothing,
 * so gaps and order are the pacer's decisions alone. Tests that need Telegram's behaviour use the fake Bot API.
 */
import { Api, type Transformer } from 'grammy';
import { vi } from 'vitest';
import { createApiTransformers, DEFAULT_RETRY, type TelegramPacing } from '../../src/bot/transport/api-transformers.ts';

export interface SentRequest {
  method: string;
  chatId: number;
  /** `method:text` (or `method:name` for a topic), for comparing orders. */
  label: string;
  /** performance.now() on the fake clock when the request left the pacer. */
  at: number;
}

export interface ClockedTelegram {
  api: Api;
  sent: SentRequest[];
  /** The next request to leave the pacer stays unanswered (holding its chat's turn) until `release()`. */
  holdNext(): { release: () => void };
  /** Advances the fake clock until `promise` settles (every request is answered at once when not held). */
  settle<T>(promise: Promise<T>): Promise<T>;
}

export function clockedTelegram(pacing: TelegramPacing): ClockedTelegram {
  const sent: SentRequest[] = [];
  const holds: Promise<void>[] = [];
  let nextMessageId = 1;

  const answer: Transformer = async (_prev, method, payload) => {
    const params = payload as { chat_id: number; text?: string; name?: string };
    sent.push({ method, chatId: params.chat_id, label: `${method}:${params.text ?? params.name ?? ''}`, at: performance.now() });
    await holds.shift();
    const chat = { id: params.chat_id, type: params.chat_id < 0 ? 'supergroup' : 'private' };
    const result = method.startsWith('send')
      ? { message_id: nextMessageId++, date: 0, chat, text: params.text }
      : method === 'createForumTopic'
        ? { message_thread_id: nextMessageId++, name: params.name, icon_color: 0 }
        : true;
    return { ok: true, result } as never;
  };

  const api = new Api('123456789:AAClockedTokenForTestsOnly-abcdefghij');
  // Installed first, so innermost: what it sees is what the pacer let go.
  api.config.use(answer, ...createApiTransformers(pacing, DEFAULT_RETRY));

  return {
    api,
    sent,
    holdNext() {
      let release = () => {};
      holds.push(new Promise<void>((resolve) => (release = resolve)));
      return { release: () => release() };
    },
    async settle(promise) {
      let settled = false;
      const done = promise.finally(() => (settled = true));
      for (let spins = 0; !settled; spins++) {
        if (spins > 10_000) throw new Error('the requests did not settle within 10 000 fake ms');
        await vi.advanceTimersByTimeAsync(1);
      }
      return done;
    },
  };
}
