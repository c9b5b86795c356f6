/**
 * What each Cancel question was asked about: the order's status as the bot saw it then, and when. Kept in the
 * key-value store under the question's message, so Confirm can refuse an old question or one whose order moved on,
 * also after a restart. A question without a record (pruned, or asked by an older version) counts as expired.
 */
import { z } from 'zod';
import { OrderIdSchema, type OrderId } from '../../seller-api/schemas.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import { kvSlot, kvSuffixes, type BotKeyValueStore } from './kv.ts';

const PREFIX = 'cancel-question:';

const CancelQuestionSchema = z.object({
  orderId: OrderIdSchema,
  /** The order's status when the question was asked. */
  status: z.string(),
  askedAt: z.number(),
  /** Set by the first Confirm: later taps are repeats of it (answered "already in progress"), not new decisions. */
  confirmed: z.boolean(),
});
export type CancelQuestion = z.infer<typeof CancelQuestionSchema>;

export interface CancelQuestions {
  asked(question: TelegramRef, orderId: OrderId, status: string, at: number): Promise<void>;
  find(question: TelegramRef): Promise<CancelQuestion | undefined>;
  confirmed(question: TelegramRef): Promise<void>;
  /** Forgets questions asked before `before` (ms): they can only be refused. Returns how many. */
  prune(before: number): Promise<number>;
}

export function createCancelQuestions(kv: BotKeyValueStore): CancelQuestions {
  const slot = (key: string) => kvSlot(kv, `${PREFIX}${key}`, CancelQuestionSchema);
  const keyOf = (question: TelegramRef) => `${question.chatId}:${question.messageId}`;
  return {
    asked: (question, orderId, status, at) => slot(keyOf(question)).write({ orderId, status, askedAt: at, confirmed: false }),
    find: (question) => slot(keyOf(question)).read(),
    async confirmed(question) {
      const record = await slot(keyOf(question)).read();
      if (record) await slot(keyOf(question)).write({ ...record, confirmed: true });
    },
    async prune(before) {
      let forgotten = 0;
      for (const key of await kvSuffixes(kv, PREFIX)) {
        const record = await slot(key).read();
        if (record !== undefined && record.askedAt >= before) continue;
        await slot(key).remove();
        forgotten += 1;
      }
      return forgotten;
    },
  };
}
