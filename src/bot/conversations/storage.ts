/**
 * Conversation state in the key-value store, so a delivery half-way through survives a restart. Keyed per chat and
 * user: in a group, two admins can each be in their own step. Bump the version whenever a conversation function
 * changes shape: the plugin then drops old states instead of replaying them into the new code.
 */
import type { ConversationData, ConversationStorage, VersionedState } from '@grammyjs/conversations';
import type { Context } from 'grammy';
import { z } from 'zod';
import type { BotContext } from '../context.ts';
import { BOT_KEY_PREFIX, type BotKeyValueStore } from '../storage/kv.ts';

/**
 * 2: the delivery step links its prompt, preview and refusals to the order (more `external` calls to replay).
 * 3: the delivery step records its messages as waiting (deliver-steps.ts) and links them only when it ends.
 */
const CONVERSATION_STORAGE_VERSION = 3;

/**
 * Whose conversation state an update reads and writes. Updates with the same key are handled one after another
 * (index.ts): the plugin reads the state before the handlers and writes it after, so two at once would lose one.
 * Always a string: the plugin concatenates it with its prefix. Updates without chat or user never get here.
 */
export const conversationKey = (ctx: Context): string => `${ctx.chat?.id ?? 'none'}:${ctx.from?.id ?? 'none'}`;

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
    getStorageKey: conversationKey,
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
