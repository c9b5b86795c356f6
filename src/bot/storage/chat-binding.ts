/**
 * Where orders go and who may act. Configured: TELEGRAM_CHAT_ID and TELEGRAM_ADMIN_IDS. Trial mode (no chat id):
 * the first private chat that sends /start is bound, persisted in the key-value store, and its user becomes the
 * admin; until then there is nowhere to post and the sink says so (sync keeps the events for later).
 */
import { z } from 'zod';
import { BridgeBotError } from '../errors.ts';
import { kvSlot, type BotKeyValueStore } from './kv.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';

const TrialBindingSchema = z.object({ chatId: z.number().int(), userId: z.number().int(), boundAt: z.number() });
type TrialBinding = z.infer<typeof TrialBindingSchema>;

export interface ChatBinding {
  /** True when no chat id was configured: the chat comes from /start. */
  readonly trial: boolean;
  /** The chat orders go to, or undefined while a trial bridge is unbound. */
  chatId(): Promise<number | undefined>;
  /** Like chatId(), but an unbound trial bridge is an error sync can retry on. */
  requireChatId(): Promise<number>;
  isAdmin(userId: number | undefined): Promise<boolean>;
  /** Trial mode: binds this private chat and user if nothing is bound yet. True when bound by this call. */
  bindTrial(chatId: number, userId: number, now: number): Promise<boolean>;
}

export function createChatBinding(options: { chatId: number | undefined; adminIds: readonly number[]; kv: BotKeyValueStore }): ChatBinding {
  const slot = kvSlot(options.kv, 'trial-binding', TrialBindingSchema);
  const configuredAdmins = new Set(options.adminIds);
  // The binding never changes once made, so one read serves the process; bindTrial updates it.
  let cached: Promise<TrialBinding | undefined> | undefined;
  const binding = () => (cached ??= slot.read());
  // Updates are handled concurrently: two /start at once must not both bind.
  const bindLock = createKeyedLock();

  const chatId = async () => options.chatId ?? (await binding())?.chatId;
  return {
    trial: options.chatId === undefined,
    chatId,
    async requireChatId() {
      const id = await chatId();
      if (id === undefined) throw new BridgeBotError('NO_CHAT_BOUND');
      return id;
    },
    async isAdmin(userId) {
      if (userId === undefined) return false;
      if (configuredAdmins.has(userId)) return true;
      return options.chatId === undefined && (await binding())?.userId === userId;
    },
    bindTrial: (chat, userId, now) =>
      bindLock.run('trial', async () => {
        if (options.chatId !== undefined || (await binding()) !== undefined) return false;
        const bound = { chatId: chat, userId, boundAt: now };
        await slot.write(bound);
        cached = Promise.resolve(bound);
        return true;
      }),
  };
}
