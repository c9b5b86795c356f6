/**
 * The messages of Deliver steps still open or timed out: the prompt, its refusals, the preview. Each is recorded
 * under its Telegram message with the step's order, its admin and when it expires, so that a reply to it is never
 * taken for a chat message: while the step waits it is its admin's value (or another admin's mistake), and once the
 * step timed out it is answered "expired". A step whose order moved on (delivered elsewhere, cancelled) is closed
 * the same way, saying why. A step ended on purpose (Back, Confirm) is forgotten: its messages are then the order's
 * like any other (conversations/deliver.ts links them).
 */
import { z } from 'zod';
import { OrderIdSchema, type OrderId } from '../../seller-api/schemas.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { kvSlot, kvSuffixes, type BotKeyValueStore } from './kv.ts';

const PREFIX = 'deliver-step:';

const StepMessageSchema = z.object({
  orderId: OrderIdSchema,
  /** The admin whose step it is. */
  userId: z.number(),
  /** When the step stops waiting (ms); a step ended by a command or a newer Deliver expires at once. */
  expiresAt: z.number(),
  /** Whether the message was edited to say the step expired (or could not be, and never will). */
  settled: z.boolean(),
  /** Closed because the order left "in progress": the status it was seen in. */
  movedOn: z.string().optional(),
});
export type StepMessage = z.infer<typeof StepMessageSchema>;

export interface DeliverSteps {
  /** Records (or renews) the messages of a waiting step. */
  wait(messages: readonly TelegramRef[], step: { orderId: OrderId; userId: number; expiresAt: number }): Promise<void>;
  /** The step ended on purpose: its messages are no longer the step's. */
  end(messages: readonly TelegramRef[]): Promise<void>;
  /** The step was left (a command, a newer Deliver): its messages expire now. */
  expire(messages: readonly TelegramRef[], at: number): Promise<void>;
  /** Expires every waiting step of this admin in this chat (a newer Deliver replaces it). */
  expireAllOf(chatId: number, userId: number, at: number): Promise<void>;
  /** Closes every waiting step of this order, which is now in `status`: nothing can be delivered through it. Returns how many messages. */
  closeFor(orderId: OrderId, status: string, at: number): Promise<number>;
  find(message: TelegramRef): Promise<StepMessage | undefined>;
  /** Whether a step of this order still waits (its value may come as a plain text in the order's topic). */
  waitingFor(orderId: OrderId, now: number): Promise<boolean>;
  /** Expired messages not yet edited to say so. */
  unsettled(now: number): Promise<(StepMessage & TelegramRef)[]>;
  settled(message: TelegramRef): Promise<void>;
  /** Forgets messages of steps that expired before `before`. Returns how many. */
  prune(before: number): Promise<number>;
}

const keyOf = (message: TelegramRef) => `${message.chatId}:${message.messageId}`;
const refOf = (key: string): TelegramRef | undefined => {
  const [chatId, messageId] = key.split(':').map(Number);
  return Number.isInteger(chatId) && Number.isInteger(messageId) ? { chatId: chatId as number, messageId: messageId as number } : undefined;
};

export function createDeliverSteps(kv: BotKeyValueStore): DeliverSteps {
  const slot = (key: string) => kvSlot(kv, `${PREFIX}${key}`, StepMessageSchema);
  const all = async () => {
    const found: (StepMessage & TelegramRef & { key: string })[] = [];
    for (const key of await kvSuffixes(kv, PREFIX)) {
      const [record, ref] = [await slot(key).read(), refOf(key)];
      if (record !== undefined && ref !== undefined) found.push({ ...record, ...ref, key });
    }
    return found;
  };
  const expireAt = async (key: string, at: number) => {
    const record = await slot(key).read();
    if (record !== undefined && record.expiresAt > at) await slot(key).write({ ...record, expiresAt: at });
  };

  return {
    async wait(messages, step) {
      for (const message of messages) await slot(keyOf(message)).write({ ...step, settled: false });
    },
    async end(messages) {
      for (const message of messages) await slot(keyOf(message)).remove();
    },
    async expire(messages, at) {
      for (const message of messages) await expireAt(keyOf(message), at);
    },
    async expireAllOf(chatId, userId, at) {
      for (const record of await all()) if (record.chatId === chatId && record.userId === userId) await expireAt(record.key, at);
    },
    async closeFor(orderId, status, at) {
      let closed = 0;
      for (const { key, chatId: _chat, messageId: _message, ...record } of await all()) {
        if (record.orderId !== orderId || record.expiresAt <= at) continue;
        await slot(key).write({ ...record, expiresAt: at, settled: false, movedOn: status });
        closed += 1;
      }
      return closed;
    },
    find: (message) => slot(keyOf(message)).read(),
    async waitingFor(orderId, now) {
      return (await all()).some((record) => record.orderId === orderId && record.expiresAt > now);
    },
    async unsettled(now) {
      return (await all()).filter((record) => record.expiresAt <= now && !record.settled).map(({ key: _key, ...record }) => record);
    },
    async settled(message) {
      const record = await slot(keyOf(message)).read();
      if (record !== undefined) await slot(keyOf(message)).write({ ...record, settled: true });
    },
    async prune(before) {
      let forgotten = 0;
      for (const record of await all()) {
        if (record.expiresAt >= before) continue;
        await slot(record.key).remove();
        forgotten += 1;
      }
      return forgotten;
    },
  };
}
