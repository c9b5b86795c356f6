/**
 * Errors of the Telegram side, as values with a code a person can act on. Their messages never carry the bot token:
 * grammY's HttpError wraps a fetch error whose message contains the request URL, and the URL contains the token.
 */
import { GrammyError, HttpError } from 'grammy';
import { redactSecrets } from '../shared/redact.ts';
import type { SinkErrorHints } from '../sync/contract.ts';
import { isChatUnavailable } from './helpers/telegram-errors.ts';

export type BridgeBotErrorCode =
  /** Trial mode: nobody has sent /start in a private chat yet, so there is nowhere to post. */
  | 'NO_CHAT_BOUND'
  /** Telegram refused or could not be reached after the retries; sync offers the event again later. */
  | 'TELEGRAM_FAILED'
  /** The chat refuses the bot (blocked, removed from the group, the chat deleted, no right to post): sync holds everything. */
  | 'TELEGRAM_CHAT_UNAVAILABLE'
  /** Telegram asked the bot to wait longer than it waits in line (a 429 past the retry limit): sync holds everything. */
  | 'TELEGRAM_RATE_LIMITED'
  /** getMe answered 401/404 at start-up, or getUpdates 401 later: the token is wrong or was revoked. */
  | 'TELEGRAM_TOKEN_REFUSED'
  /** getUpdates answered 409: another process polls with this token (or a webhook was set meanwhile). */
  | 'TELEGRAM_POLLING_CONFLICT'
  /** Long polling gave up for another reason (Telegram unreachable for longer than the runner retries). */
  | 'TELEGRAM_POLLING_FAILED'
  /** 403 on the seller's chat: the user blocked the bot, or the bot was removed from the group. */
  | 'TELEGRAM_CHAT_BLOCKED'
  /** 400 "chat not found": the chat id is wrong, or the bot never was in that chat. */
  | 'TELEGRAM_CHAT_NOT_FOUND'
  /** 400 "not enough rights": the bot is in the group but may not send messages there. */
  | 'TELEGRAM_CHAT_NO_RIGHTS';

const HINTS: Record<BridgeBotErrorCode, string> = {
  NO_CHAT_BOUND: 'no chat bound yet: send /start to the bot in a private chat to receive orders there',
  TELEGRAM_FAILED: 'Telegram refused the request or could not be reached; it will be tried again',
  TELEGRAM_CHAT_UNAVAILABLE:
    'the chat refuses the bot (blocked, removed from the group, the chat deleted, or no right to post): unblock it or add it back; everything held is posted then',
  TELEGRAM_RATE_LIMITED: 'Telegram asked the bot to wait; everything held is posted after the wait',
  TELEGRAM_TOKEN_REFUSED: "Telegram refused the bot token: check TELEGRAM_BOT_TOKEN (BotFather's /token shows the current one)",
  TELEGRAM_POLLING_CONFLICT:
    'another process is receiving updates with this bot token (a second bridge, or a webhook): stop it, one token serves one bridge',
  TELEGRAM_POLLING_FAILED: 'receiving updates from Telegram stopped; restart the bridge',
  TELEGRAM_CHAT_BLOCKED:
    'telegram refuses the chat (403): is the bot blocked or removed? Unblock it in the private chat, or add it to the group again',
  TELEGRAM_CHAT_NOT_FOUND:
    'telegram does not know the chat (400 chat not found): check TELEGRAM_CHAT_ID, send /start to the bot, or add it to the group',
  TELEGRAM_CHAT_NO_RIGHTS:
    'telegram does not let the bot write in the chat (400 not enough rights): allow it to send messages in the group',
};

/** Codes that are about the chat, not about one message: sync then holds every event (SinkErrorHints). */
const CHAT_WIDE: ReadonlySet<BridgeBotErrorCode> = new Set(['TELEGRAM_CHAT_UNAVAILABLE', 'TELEGRAM_RATE_LIMITED']);

export class BridgeBotError extends Error implements SinkErrorHints {
  override readonly name = 'BridgeBotError';
  /** How long Telegram asked to wait, when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(
    readonly code: BridgeBotErrorCode,
    detail?: string,
    options: { retryAfterMs?: number } = {},
  ) {
    super(detail ? `${code}: ${detail}` : `${code}: ${HINTS[code]}`);
    this.retryAfterMs = options.retryAfterMs;
  }

  get hint(): string {
    return HINTS[this.code];
  }

  get sinkUnavailable(): boolean {
    return CHAT_WIDE.has(this.code);
  }
}

/** What a person can do about an error code, without building an error. */
export const hintOf = (code: BridgeBotErrorCode): string => HINTS[code];

/** Token-free text: the shared scrubber, which knows every spelling of the given secrets and masks token and key shapes. */
export const redact = redactSecrets;

/** A loggable description of any error, token-free: message, Telegram's code and description, and the cause's message. */
export interface SafeErrorDescription {
  name: string;
  message: string;
  errorCode?: number;
  description?: string;
  cause?: string;
}

export function describeError(error: unknown, secrets: readonly string[]): SafeErrorDescription {
  const clean = (text: string) => redact(text, secrets);
  if (error instanceof GrammyError) {
    return { name: error.name, message: clean(error.message), errorCode: error.error_code, description: clean(error.description) };
  }
  if (error instanceof HttpError) {
    const cause = error.error instanceof Error ? error.error.message : String(error.error);
    return { name: error.name, message: clean(error.message), cause: clean(cause) };
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return { name: error.name, message: clean(error.message), ...(cause === undefined ? {} : { cause: clean(cause) }) };
  }
  return { name: 'Unknown', message: clean(String(error)) };
}

/** Turns a Telegram failure into a token-free error for callers outside the bot (sync logs what the sink throws). */
export function toBridgeError(error: unknown, secrets: readonly string[]): BridgeBotError {
  if (error instanceof BridgeBotError) return error;
  const described = describeError(error, secrets);
  const detail = described.cause ? `${described.message} (${described.cause})` : described.message;
  if (isChatUnavailable(error)) return new BridgeBotError('TELEGRAM_CHAT_UNAVAILABLE', detail);
  const retryAfter = error instanceof GrammyError && error.error_code === 429 ? error.parameters.retry_after : undefined;
  if (retryAfter !== undefined) return new BridgeBotError('TELEGRAM_RATE_LIMITED', detail, { retryAfterMs: retryAfter * 1000 });
  return new BridgeBotError('TELEGRAM_FAILED', detail);
}
