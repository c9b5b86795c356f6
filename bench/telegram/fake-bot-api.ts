/**
 * A loopback Bot API for the benchmark (in the benchmark's process, beside the sandbox store): just the methods
 * the bridge's bot layer and the naive poller's simple bot call, Telegram's flood limits (limits.ts) enforced in
 * store time with 429 + `retry_after`, and every admitted send or edit reported with its time. Borrowed in spirit
 * from test/support's fake Telegram, which the benchmark must not import; this one has no users, updates or files.
 *
 * `retry_after` is computed in whole store seconds (as Telegram sends whole seconds) and written in real seconds,
 * fractional, as the store-time header rewriting does for the store: the client waits S times less, as everything.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TimeScale } from '../time-scale.ts';
import { createTelegramLimits, type TelegramLimitRules } from './limits.ts';

/** What reached the seller's chat: a new message or an edit of one, with the order and buyer-message tag it shows. */
export interface TelegramEvent {
  kind: 'send' | 'edit';
  /** The chat it was shown in (each store's own with `--stores`). */
  chatId: number;
  /** Real ms (Date.now), when the fake admitted it. */
  at: number;
  messageId: number;
  /**
   * The buyer messages' benchmark tags (`[#…]` in its text), for relayed chat messages: every one of them, since the
   * bridge packs several buyer messages of an order into one Telegram message and each of them reached the chat.
   */
  tags: string[];
  /** The order the message is about: found in a send's text, and for an edit the order of the message edited. */
  orderId: string | undefined;
}

export interface FakeBotApiStats {
  calls: number;
  status429: number;
  /** When each 429 was answered (real ms). */
  refusedAt: number[];
  /** The same, by the chat the refused call named. */
  refusedByChat: Record<string, number[]>;
  byMethod: Record<string, number>;
}

export interface FakeBotApi {
  apiRoot: string;
  stats(): FakeBotApiStats;
  /** Where events go from now on (the warm restart gets its own ledger). */
  listen(onEvent: (event: TelegramEvent) => void): void;
  close(): Promise<void>;
}

export interface FakeBotApiOptions {
  token: string;
  scale: TimeScale;
  rules?: TelegramLimitRules;
}

const TAG = /\[#([A-Za-z0-9]+)\]/g;
const ORDER_ID = /ord_[0-9a-z]{6}[0-9a-f]{10}/;
/** Calls naming a chat that change nothing (reads) are not counted against its limits. */
const isRead = (method: string) => method.startsWith('get');

class ApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

export async function startFakeBotApi(options: FakeBotApiOptions): Promise<FakeBotApi> {
  const { scale } = options;
  const limits = createTelegramLimits(options.rules);
  const startedAt = Date.now();
  const stats: FakeBotApiStats = { calls: 0, status429: 0, refusedAt: [], refusedByChat: {}, byMethod: {} };
  const texts = new Map<number, { chatId: number; text: string; orderId: string | undefined }>();
  let nextMessageId = 1;
  let onEvent: (event: TelegramEvent) => void = () => {};

  const message = (chatId: number, messageId: number, text: string) => ({
    message_id: messageId,
    date: Math.floor(Date.now() / 1000),
    chat: chatId < 0 ? { id: chatId, type: 'supergroup', title: 'Shop' } : { id: chatId, type: 'private', first_name: 'Seller' },
    text,
  });

  const methods: Record<string, (params: Record<string, unknown>, closed: AbortSignal) => unknown> = {
    getMe: () => ({ id: 7_000_000_001, is_bot: true, first_name: 'Bench', username: 'bench_bot' }),
    getChat: (params) => ({ id: Number(params.chat_id), type: Number(params.chat_id) < 0 ? 'supergroup' : 'private' }),
    // Nobody writes to the bot: a long poll waits its timeout (or until the client leaves) and gets nothing.
    getUpdates: (params, closed) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve([]), Number(params.timeout ?? 0) * 1000);
        closed.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve([]);
        });
      }),
    sendMessage(params) {
      const chatId = Number(params.chat_id);
      const text = String(params.text ?? '');
      const messageId = nextMessageId++;
      const orderId = ORDER_ID.exec(text)?.[0];
      texts.set(messageId, { chatId, text, orderId });
      onEvent({
        kind: 'send',
        chatId,
        at: Date.now(),
        messageId,
        tags: [...text.matchAll(TAG)].map((match) => match[1] as string),
        orderId,
      });
      return message(chatId, messageId, text);
    },
    editMessageText(params) {
      const messageId = Number(params.message_id);
      const known = texts.get(messageId);
      if (!known) throw new ApiFailure(400, 'Bad Request: message to edit not found');
      const text = String(params.text ?? '');
      if (text === known.text && params.reply_markup === undefined) throw new ApiFailure(400, 'Bad Request: message is not modified');
      known.text = text;
      onEvent({ kind: 'edit', chatId: known.chatId, at: Date.now(), messageId, tags: [], orderId: known.orderId });
      return message(known.chatId, messageId, text);
    },
  };

  const answer = (method: string, params: Record<string, unknown>, closed: AbortSignal): unknown => {
    stats.calls += 1;
    stats.byMethod[method] = (stats.byMethod[method] ?? 0) + 1;
    if (params.chat_id !== undefined && !isRead(method)) {
      const admission = limits.admit(Number(params.chat_id), scale.toStoreMs(Date.now() - startedAt));
      if (!admission.ok) {
        stats.status429 += 1;
        stats.refusedAt.push(Date.now());
        const chat = String(params.chat_id);
        stats.refusedByChat[chat] = [...(stats.refusedByChat[chat] ?? []), Date.now()];
        const realSeconds = Number((scale.toReal(admission.retryAfterS * 1000) / 1000).toFixed(4));
        throw new ApiFailure(429, `Too Many Requests: retry after ${admission.retryAfterS}`, { retry_after: realSeconds });
      }
    }
    // Pins, reactions, deletions, commands: accepted and counted, nothing to show.
    return (methods[method] ?? (() => true))(params, closed);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? '');
    if (!match || match[1] !== options.token) return reply(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const closed = new AbortController();
    response.once('close', () => closed.abort());
    try {
      const result = await answer(match[2] as string, await readBody(request), closed.signal);
      reply(response, 200, { ok: true, result });
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : new ApiFailure(500, `Internal Server Error: ${String(error)}`);
      reply(response, failure.code, {
        ok: false,
        error_code: failure.code,
        description: failure.description,
        ...(failure.parameters ? { parameters: failure.parameters } : {}),
      });
    }
  };

  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    stats: () => ({
      ...stats,
      refusedAt: [...stats.refusedAt],
      refusedByChat: Object.fromEntries(Object.entries(stats.refusedByChat).map(([chat, at]) => [chat, [...at]])),
      byMethod: { ...stats.byMethod },
    }),
    listen(listener) {
      onEvent = listener;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return {};
  if ((request.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) params[key] = value;
  return params;
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
