/**
 * Whether Telegram lets the bot write to a chat, learnt from every call the bot makes (a transformer on every Api):
 * a refusal of the chat itself (403 blocked or removed, 400 chat not found or not enough rights) is remembered until
 * a send or an edit to that chat succeeds again. The health endpoint reports it, and the Telegram queue tries again as
 * soon as the chat answers.
 */
import type { Transformer } from 'grammy';
import { hintOf, type BridgeBotErrorCode } from '../errors.ts';

type RefusalCode = Extract<BridgeBotErrorCode, 'TELEGRAM_CHAT_BLOCKED' | 'TELEGRAM_CHAT_NOT_FOUND' | 'TELEGRAM_CHAT_NO_RIGHTS'>;

export interface ChatRefusal {
  code: RefusalCode;
  /** Telegram's error code: 403 or 400. */
  status: number;
  /** When the chat was first refused (ms), in this run of refusals. */
  since: number;
  /** What a person can do about it, token-free. */
  hint: string;
}

export interface ChatReachability {
  /** Install after the retrying transformer, so it sees each call's final answer. */
  transformer: Transformer;
  refusal(chatId: number): ChatRefusal | undefined;
  /** Called when a refused chat accepts a message again; the listener must not throw (it runs inside the call). */
  onReachable(listener: (chatId: number) => void): void;
}

/** Which refusals are about the chat, not about one message. */
function refusalCode(status: number, description: string): RefusalCode | undefined {
  if (status === 403) return 'TELEGRAM_CHAT_BLOCKED';
  if (status !== 400) return undefined;
  if (/chat not found/i.test(description)) return 'TELEGRAM_CHAT_NOT_FOUND';
  if (/not enough rights|have no rights|CHAT_WRITE_FORBIDDEN|CHAT_RESTRICTED/i.test(description)) return 'TELEGRAM_CHAT_NO_RIGHTS';
  return undefined;
}

/** A success of these proves the bot may write to the chat again. */
const WRITES = /^(send|edit|copy|forward)/;

export function createChatReachability(now: () => number): ChatReachability {
  const refused = new Map<number, ChatRefusal>();
  const listeners: ((chatId: number) => void)[] = [];

  const transformer: Transformer = async (prev, method, payload, signal) => {
    const result = await prev(method, payload, signal);
    const chatId = Number((payload as { chat_id?: unknown } | undefined)?.chat_id);
    if (!Number.isInteger(chatId)) return result;
    if (result.ok) {
      if (WRITES.test(method) && refused.delete(chatId)) for (const listener of listeners) listener(chatId);
      return result;
    }
    const code = refusalCode(result.error_code, result.description);
    if (code !== undefined) {
      const since = refused.get(chatId)?.since ?? now();
      refused.set(chatId, { code, status: result.error_code, since, hint: hintOf(code) });
    }
    return result;
  };

  return {
    transformer,
    refusal: (chatId) => refused.get(chatId),
    onReachable(listener) {
      listeners.push(listener);
    },
  };
}
