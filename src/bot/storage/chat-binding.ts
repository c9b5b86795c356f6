/**
 * Where orders go and who may act. Configured: TELEGRAM_CHAT_ID and TELEGRAM_ADMIN_IDS. Trial mode (no chat id):
 * the first private chat that sends /start is bound, persisted in the key-value store, and its user becomes the
 * admin; until then there is nowhere to post and the sink says so (sync keeps the events for later).
 *
 * A group upgraded to a supergroup gets a new id (transport/chat-migration.ts); the move is persisted too. The rule
 * on every start: a recorded move applies while TELEGRAM_CHAT_ID (or the trial binding) still names the chat it
 * came from; any other configured id is used as configured, since the seller then chose another chat.
 */
import { z } from 'zod';
import { BridgeBotError } from '../errors.ts';
import { kvSlot, type BotKeyValueStore } from './kv.ts';
import { createKeyedLock } from '../../shared/keyed-lock.ts';
import { roleFrom, type Role } from '../middlewares/roles.ts';

const TrialBindingSchema = z.object({ chatId: z.number().int(), userId: z.number().int(), boundAt: z.number() });
type TrialBinding = z.infer<typeof TrialBindingSchema>;
/** `from`: the configured (or trial-bound) chat id; `to`: the supergroup it became, after any later moves. */
const ChatMoveSchema = z.object({ from: z.number().int(), to: z.number().int(), at: z.number() });
export type ChatMove = z.infer<typeof ChatMoveSchema>;

interface Resolved {
  chatId: number | undefined;
  /** The recorded move, when it applies to the configured chat. */
  move: ChatMove | undefined;
}

export interface ChatBinding {
  /** True when no chat id was configured: the chat comes from /start. */
  readonly trial: boolean;
  /** The chat orders go to, or undefined while a trial bridge is unbound. */
  chatId(): Promise<number | undefined>;
  /** Like chatId(), but an unbound trial bridge is an error sync can retry on. */
  requireChatId(): Promise<number>;
  /** The chat of `store`'s orders: its own `chatId` from STORES_FILE, else the chat above (no store: the chat above). */
  chatOf(store: string | undefined): Promise<number | undefined>;
  /** Like chatOf(), but an unbound trial bridge is an error sync can retry on. */
  requireChatOf(store: string | undefined): Promise<number>;
  /** The store whose own chat `store`'s orders go to, or undefined when they go to the shared chat. */
  routeOf(store: string | undefined): string | undefined;
  /** Every chat the bot serves: the shared one (once bound) and the stores' own. */
  chats(): Promise<number[]>;
  isAdmin(userId: number | undefined): Promise<boolean>;
  /** Admin, staff (TELEGRAM_STAFF_IDS), or neither; a user in both lists is an admin (middlewares/roles.ts). */
  roleOf(userId: number | undefined): Promise<Role | undefined>;
  /** Trial mode: binds this private chat and user if nothing is bound yet. True when bound by this call. */
  bindTrial(chatId: number, userId: number, now: number): Promise<boolean>;
  /** The chat `from` became the supergroup `to`: used from now on, and persisted. True when this call switched. */
  migrate(from: number, to: number, now: number): Promise<boolean>;
  /** The recorded move that replaces the configured chat id, when it applies. */
  move(): Promise<ChatMove | undefined>;
}

export function createChatBinding(options: {
  chatId: number | undefined;
  adminIds: readonly number[];
  staffIds?: readonly number[];
  /** Stores with a chat of their own (STORES_FILE `chatId`), by store name. */
  storeChats?: Readonly<Record<string, number>>;
  kv: BotKeyValueStore;
}): ChatBinding {
  const storeChats = new Map(Object.entries(options.storeChats ?? {}));
  const slot = kvSlot(options.kv, 'trial-binding', TrialBindingSchema);
  const moveSlot = kvSlot(options.kv, 'chat-move', ChatMoveSchema);
  const configuredAdmins = new Set(options.adminIds);
  const staff = new Set(options.staffIds ?? []);
  // The binding never changes once made, so one read serves the process; bindTrial updates it.
  let cached: Promise<TrialBinding | undefined> | undefined;
  const binding = () => (cached ??= slot.read());
  let cachedMove: Promise<ChatMove | undefined> | undefined;
  const recordedMove = () => (cachedMove ??= moveSlot.read());
  // Updates are handled concurrently: two /start at once must not both bind, two failed sends must not both move.
  const bindLock = createKeyedLock();

  const baseChatId = async () => options.chatId ?? (await binding())?.chatId;
  // Asked for on every update (access control): worked out once, again after a bind or a move. The id is kept as
  // its own promise, so asking again costs a single tick, as a configured id always did.
  let current: { resolved: Promise<Resolved>; chatId: Promise<number | undefined> } | undefined;
  const resolve = () => {
    if (current === undefined) {
      const resolved = Promise.all([baseChatId(), recordedMove()]).then(([base, recorded]): Resolved => {
        const move = recorded !== undefined && recorded.from === base ? recorded : undefined;
        return { chatId: move?.to ?? base, move };
      });
      current = { resolved, chatId: resolved.then((value) => value.chatId) };
    }
    return current;
  };
  const chatId = () => resolve().chatId;
  const isAdmin = async (userId: number | undefined) => {
    if (userId === undefined) return false;
    if (configuredAdmins.has(userId)) return true;
    return options.chatId === undefined && (await binding())?.userId === userId;
  };
  const routeOf = (store: string | undefined) => (store !== undefined && storeChats.has(store) ? store : undefined);
  const chatOf = async (store: string | undefined) => {
    const route = routeOf(store);
    return route === undefined ? chatId() : storeChats.get(route);
  };
  const requireChatOf = async (store: string | undefined) => {
    const id = await chatOf(store);
    if (id === undefined) throw new BridgeBotError('NO_CHAT_BOUND');
    return id;
  };
  return {
    trial: options.chatId === undefined,
    chatId,
    requireChatId: () => requireChatOf(undefined),
    chatOf,
    requireChatOf,
    routeOf,
    async chats() {
      const shared = await chatId();
      return [...new Set([...(shared === undefined ? [] : [shared]), ...storeChats.values()])];
    },
    isAdmin,
    roleOf: async (userId) => roleFrom(await isAdmin(userId), userId, staff),
    bindTrial: (chat, userId, now) =>
      bindLock.run('trial', async () => {
        if (options.chatId !== undefined || (await binding()) !== undefined) return false;
        const bound = { chatId: chat, userId, boundAt: now };
        await slot.write(bound);
        cached = Promise.resolve(bound);
        current = undefined;
        return true;
      }),
    move: async () => (await resolve().resolved).move,
    migrate: (from, to, now) =>
      bindLock.run('move', async () => {
        const base = await baseChatId();
        if (base === undefined || from === to || (await chatId()) !== from) return false;
        const moved = { from: base, to, at: now };
        await moveSlot.write(moved);
        cachedMove = Promise.resolve(moved);
        current = undefined;
        return true;
      }),
  };
}
