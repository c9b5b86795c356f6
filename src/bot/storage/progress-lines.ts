/**
 * The messages that say a Deliver or a Cancel is on its way ("⏳ Delivering order …"), kept under the action's key
 * until the action settles, so its outcome can be written into them, also after a restart.
 */
import { z } from 'zod';
import type { ActionId } from '../../core/actions.ts';
import { qualify, storeOfId } from '../../core/store-ref.ts';
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

/**
 * A line's key: its action's id, which each store numbers on its own, so with several stores qualified by the store
 * (`north/12`); the `main` store's is the bare id, as lines written before several stores were keyed.
 */
export type LineKey = string & { readonly __lineKey: true };
export const lineKey = (orderId: string, actionId: ActionId): LineKey => qualify(storeOfId(orderId), String(actionId)) as LineKey;

export interface ProgressLineRecords {
  find(key: LineKey): Promise<ProgressLine | undefined>;
  write(key: LineKey, line: ProgressLine): Promise<void>;
  remove(key: LineKey): Promise<void>;
  /** Forgets lines written before `before` (their action never settled, or its outcome was never reported). */
  prune(before: number): Promise<number>;
}

export function createProgressLineRecords(kv: BotKeyValueStore): ProgressLineRecords {
  const slot = (key: string | number) => kvSlot(kv, `${PREFIX}${key}`, ProgressLineSchema);
  return {
    find: (key) => slot(key).read(),
    write: (key, line) => slot(key).write(line),
    remove: (key) => slot(key).remove(),
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
