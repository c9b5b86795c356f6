/**
 * The messages that say a Deliver or a Cancel is on its way ("⏳ Delivering order …"), kept under the action's id
 * until the action settles, so its outcome can be written into them, also after a restart.
 */
import { z } from 'zod';
import type { ActionId } from '../../core/actions.ts';
import { OrderIdSchema } from '../../seller-api/schemas.ts';
import { kvSlot, kvSuffixes, type BotKeyValueStore } from './kv.ts';

const PREFIX = 'progress-line:';

const ProgressLineSchema = z.object({
  orderId: OrderIdSchema,
  kind: z.enum(['deliver', 'cancel']),
  /** The language the line was written in: its outcome is written in the same. */
  language: z.string(),
  /** One per tap: a second Confirm of the same action shows its own line. */
  messages: z.array(z.object({ chatId: z.number(), messageId: z.number() })),
  /** The outcome so far was "queued": the line says so, and the next outcome may come much later. */
  queued: z.boolean(),
  at: z.number(),
});
export type ProgressLine = z.infer<typeof ProgressLineSchema>;

export interface ProgressLineRecords {
  find(actionId: ActionId): Promise<ProgressLine | undefined>;
  write(actionId: ActionId, line: ProgressLine): Promise<void>;
  remove(actionId: ActionId): Promise<void>;
  /** Forgets lines written before `before` (their action never settled, or its outcome was never reported). */
  prune(before: number): Promise<number>;
}

export function createProgressLineRecords(kv: BotKeyValueStore): ProgressLineRecords {
  const slot = (key: string | number) => kvSlot(kv, `${PREFIX}${key}`, ProgressLineSchema);
  return {
    find: (actionId) => slot(actionId).read(),
    write: (actionId, line) => slot(actionId).write(line),
    remove: (actionId) => slot(actionId).remove(),
    async prune(before) {
      let forgotten = 0;
      for (const key of await kvSuffixes(kv, PREFIX)) {
        const record = await slot(key).read();
        if (record !== undefined && record.at >= before) continue;
        await slot(key).remove();
        forgotten += 1;
      }
      return forgotten;
    },
  };
}
