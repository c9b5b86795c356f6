/**
 * Conversation state in the key-value store, so a delivery half-way through survives a restart. Keyed per chat and
 * user: in a group, two admins can each be in their own step. Bump the version whenever a conversation function
 * changes shape: the plugin then drops old states instead of replaying them into the new code.
 */
import type { ConversationData, ConversationStorage, VersionedState } from '@grammyjs/conversations';
import { z } from 'zod';
import type { BotContext } from '../context.ts';
import { BOT_KEY_PREFIX, type BotKeyValueStore } from '../services/kv.ts';

export const CONVERSATION_STORAGE_VERSION = 1;

/** The plugin owns the inner format; we only check the envelope before handing it back. */
const VersionedStateSchema = z.object({
  version: z.tuple([z.number(), z.union([z.string(), z.number()])]),
  state: z.record(z.string(), z.array(z.unknown())),
});

export function conversationStorage(kv: BotKeyValueStore): ConversationStorage<BotContext, ConversationData> {
  const key = (storageKey: string) => `${BOT_KEY_PREFIX}conversation:${storageKey}`;
  return {
    type: 'key',
    version: CONVERSATION_STORAGE_VERSION,
    // Always a string: the plugin concatenates it with its prefix. Updates without chat or user never get here.
    getStorageKey: (ctx) => `${ctx.chat?.id ?? 'none'}:${ctx.from?.id ?? 'none'}`,
    adapter: {
      async read(storageKey) {
        const parsed = VersionedStateSchema.safeParse(await kv.get(key(storageKey)));
        return parsed.success ? (parsed.data as VersionedState<ConversationData>) : undefined;
      },
      async write(storageKey, state) {
        await kv.set(key(storageKey), state);
      },
      async delete(storageKey) {
        await kv.delete(key(storageKey));
      },
    },
  };
}
