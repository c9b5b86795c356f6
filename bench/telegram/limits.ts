/**
 * Telegram's flood limits as the fake Bot API enforces them, in store time (the caller converts real ms to store ms
 * with the run's S, so the limits are compressed like the store's rate limit). Telegram does not publish its
 * algorithm; this is the documented envelope (core.telegram.org/bots/faq, "broadcasting"):
 *
 * - every chat: about one message a second sustained, short bursts allowed — a token bucket of `burst` messages
 *   refilled at one a second;
 * - a group (negative chat id): also no more than 20 messages in any 60 s;
 * - all chats together: no more than 30 in any second.
 *
 * Edits, reactions, pins and deletions count like sends (Telegram counts them; a card edited on every status
 * change spends the chat's budget). A refused call spends nothing. The answer to a refused call is the wait until
 * it would be admitted, in whole store seconds rounded up, as Telegram's `retry_after` is a whole number.
 */

export interface TelegramLimitRules {
  /** Messages a chat may send at once before the 1/s pace applies. */
  burst: number;
  perChatPerSecond: number;
  groupPerMinute: number;
  globalPerSecond: number;
}

export const TELEGRAM_LIMITS: TelegramLimitRules = { burst: 3, perChatPerSecond: 1, groupPerMinute: 20, globalPerSecond: 30 };

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

export type Admission = { ok: true } | { ok: false; retryAfterS: number };

export interface TelegramLimits {
  /** Admits (and counts) one call to `chatId` at store time `atMs`, or says how long to wait. */
  admit(chatId: number, atMs: number): Admission;
}

export function createTelegramLimits(rules: TelegramLimitRules = TELEGRAM_LIMITS): TelegramLimits {
  const buckets = new Map<number, { tokens: number; at: number }>();
  const groupSends = new Map<number, number[]>();
  const globalSends: number[] = [];

  /** Instant (store ms) from which a sliding window of `windowMs` holding `times` admits one more. */
  const windowFreeAt = (times: number[], atMs: number, windowMs: number, max: number): number => {
    while (times.length > 0 && (times[0] as number) <= atMs - windowMs) times.shift();
    return times.length < max ? atMs : (times[times.length - max] as number) + windowMs;
  };

  return {
    admit(chatId, atMs) {
      const bucket = buckets.get(chatId) ?? { tokens: rules.burst, at: atMs };
      bucket.tokens = Math.min(rules.burst, bucket.tokens + ((atMs - bucket.at) / SECOND) * rules.perChatPerSecond);
      bucket.at = atMs;
      buckets.set(chatId, bucket);
      const group = chatId < 0 ? (groupSends.get(chatId) ?? []) : undefined;
      if (group) groupSends.set(chatId, group);

      let freeAt = atMs;
      if (bucket.tokens < 1) freeAt = Math.max(freeAt, atMs + ((1 - bucket.tokens) / rules.perChatPerSecond) * SECOND);
      if (group) freeAt = Math.max(freeAt, windowFreeAt(group, atMs, MINUTE, rules.groupPerMinute));
      freeAt = Math.max(freeAt, windowFreeAt(globalSends, atMs, SECOND, rules.globalPerSecond));
      if (freeAt > atMs) return { ok: false, retryAfterS: Math.max(1, Math.ceil((freeAt - atMs) / SECOND)) };

      bucket.tokens -= 1;
      group?.push(atMs);
      globalSends.push(atMs);
      return { ok: true };
    },
  };
}
