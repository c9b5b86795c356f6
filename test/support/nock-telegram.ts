/**
 * The real Bot API root (`https://api.telegram.org`, grammY's default) answered by nock, for Telegram's faults
 * exactly as Telegram words them: migrate parameters, 403 descriptions, 429 `retry_after`, "message to edit not
 * found". Flows belong to the loopback fake Bot API (fake-telegram-api.ts); this is for exact bodies.
 *
 * Every call is recorded with its JSON body. A call takes the next reply scripted for its method, else the outage
 * reply while one is set (calls that name a chat), else a plain success. The network is closed except loopback,
 * so the sandbox store still answers. Pair `startNockTelegram()` with `stopNockTelegram()` in afterEach.
 */
import nock from 'nock';

const TELEGRAM_API_ROOT = 'https://api.telegram.org';
export const NOCK_BOT_TOKEN = '123456789:AAFakeTokenForNockTestsOnly-abcdefghij';

/** An HTTP answer of the Bot API. */
export interface TelegramReply {
  status: number;
  body: Record<string, unknown>;
}

const fault = (status: number, description: string, parameters?: Record<string, number>): TelegramReply => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters === undefined ? {} : { parameters }) },
});

/** Telegram's answers, word for word. */
export const TELEGRAM_FAULTS = {
  groupUpgraded: (migrateToChatId: number) =>
    fault(400, 'Bad Request: group chat was upgraded to a supergroup chat', { migrate_to_chat_id: migrateToChatId }),
  blockedByUser: fault(403, 'Forbidden: bot was blocked by the user'),
  kickedFromSupergroup: fault(403, 'Forbidden: bot was kicked from the supergroup chat'),
  kickedFromGroup: fault(403, 'Forbidden: bot was kicked from the group chat'),
  chatNotFound: fault(400, 'Bad Request: chat not found'),
  tooManyRequests: (retryAfterSeconds: number) =>
    fault(429, `Too Many Requests: retry after ${retryAfterSeconds}`, { retry_after: retryAfterSeconds }),
  messageToEditNotFound: fault(400, 'Bad Request: message to edit not found'),
  messageNotModified: fault(
    400,
    'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  ),
} as const;

export interface NockTelegramCall {
  method: string;
  body: Record<string, unknown>;
  /** The HTTP status it was answered with. */
  status: number;
  /** The id of the message a successful send created. */
  messageId: number | undefined;
  at: number;
}

export interface NockTelegram {
  token: string;
  /** Every call, in order of arrival. */
  calls: NockTelegramCall[];
  callsOf(method: string): NockTelegramCall[];
  /** Calls that were answered 200, of one method. */
  okCallsOf(method: string): NockTelegramCall[];
  /** The next `times` calls of `method` get this reply. */
  replyNext(method: string, reply: TelegramReply, times?: number): void;
  /** Until cleared with undefined, every call that names a chat gets this reply (a blocked bot, a kicked one). */
  outage(reply: TelegramReply | undefined): void;
  /** Scripted replies not used yet, by method. */
  unused(): Record<string, number>;
}

const BOT_USER = { id: 123456789, is_bot: true, first_name: 'Nock Bot', username: 'nock_test_bot' };

/** What Telegram answers on success, enough for grammY and the bridge. */
function success(method: string, body: Record<string, unknown>, nextMessageId: () => number): unknown {
  const chat = typeof body.chat_id === 'number' ? { id: body.chat_id, type: body.chat_id < 0 ? 'supergroup' : 'private' } : undefined;
  const date = Math.floor(Date.now() / 1000);
  switch (method) {
    case 'getMe':
      return { ...BOT_USER, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
    case 'sendMessage':
      return { message_id: nextMessageId(), date, chat, from: BOT_USER, text: body.text };
    case 'editMessageText':
      return { message_id: body.message_id, date, edit_date: date, chat, from: BOT_USER, text: body.text };
    default:
      return true;
  }
}

export function startNockTelegram(options: { token?: string } = {}): NockTelegram {
  const token = options.token ?? NOCK_BOT_TOKEN;
  const calls: NockTelegramCall[] = [];
  const scripted = new Map<string, TelegramReply[]>();
  let outage: TelegramReply | undefined;
  let messageId = 100;
  const prefix = `/bot${token}/`;

  nock.disableNetConnect();
  nock.enableNetConnect((host: string) => /^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host));
  nock(TELEGRAM_API_ROOT)
    .persist()
    .post((uri) => uri.startsWith(prefix))
    .reply((uri, requestBody) => {
      const method = uri.slice(prefix.length);
      const body = (typeof requestBody === 'object' && requestBody !== null ? requestBody : {}) as Record<string, unknown>;
      let created: number | undefined;
      const reply = scripted.get(method)?.shift() ??
        (outage !== undefined && 'chat_id' in body ? outage : undefined) ?? {
          status: 200,
          body: { ok: true, result: success(method, body, () => (created = ++messageId)) },
        };
      calls.push({ method, body, status: reply.status, messageId: created, at: Date.now() });
      return [reply.status, reply.body];
    });

  return {
    token,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    okCallsOf: (method) => calls.filter((call) => call.method === method && call.status === 200),
    replyNext(method, reply, times = 1) {
      const queue = scripted.get(method) ?? [];
      for (let i = 0; i < times; i++) queue.push(reply);
      scripted.set(method, queue);
    },
    outage(reply) {
      outage = reply;
    },
    unused: () =>
      Object.fromEntries([...scripted].filter(([, queue]) => queue.length > 0).map(([method, queue]) => [method, queue.length])),
  };
}

/** Removes every interceptor and opens the network again. */
export function stopNockTelegram(): void {
  nock.abortPendingRequests();
  nock.cleanAll();
  nock.enableNetConnect();
}
