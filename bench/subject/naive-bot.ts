/**
 * The naive poller's Telegram side, a simple bot as one would write it first: every card and every buyer message is
 * its own `sendMessage`, one at a time in the order sync hands them over, and a 429 is waited out for its
 * `retry_after` and tried again (no pacing of its own, no coalescing, no edits: a status change is a new card).
 * It shares the fake Bot API and its limits with ours, so the comparison includes what Telegram allows.
 */
import type { SinkReceipt, SyncSink } from '../../src/sync/contract.ts';
import type { TelegramInit } from '../protocol.ts';

interface BotAnswer {
  ok: boolean;
  result?: { message_id: number; chat: { id: number } };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function createNaiveBot(telegram: TelegramInit): SyncSink {
  let queue: Promise<unknown> = Promise.resolve();

  const post = async (text: string): Promise<SinkReceipt> => {
    for (;;) {
      const response = await fetch(`${telegram.apiRoot}/bot${telegram.token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: telegram.chatId, text }),
      });
      const answer = (await response.json()) as BotAnswer;
      if (answer.ok && answer.result) return { telegram: [{ chatId: answer.result.chat.id, messageId: answer.result.message_id }] };
      const wait = answer.parameters?.retry_after;
      if (answer.error_code !== 429 || wait === undefined) throw new Error(`sendMessage failed: ${answer.description ?? response.status}`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  };
  /** One send at a time, in order. */
  const send = (text: string): Promise<SinkReceipt> => {
    const next = queue.then(() => post(text));
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    orderAppeared: (order) => send(`New order ${order.id}: ${order.status}`),
    orderChanged: (order) => send(`Order ${order.id} is now ${order.status}`),
    messageArrived: (order, message) => send(`Order ${order.id}, buyer: ${message.text}`),
    actionSettled: async () => {},
  };
}
