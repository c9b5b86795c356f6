/**
 * The Seller Automation API client over undici: one typed method per endpoint (spec part 4, quoted in
 * docs/api-assumptions.md), bearer auth,
 * every answer checked against the envelope and the resource schemas, retries that never repeat a request the
 * store may have acted on unless an idempotency key makes it safe, and rate-limit waits.
 */
import type { Logger } from 'pino';
import { Agent, type Dispatcher, request } from 'undici';
import type { z } from 'zod';
import { secretScrubber } from '../shared/redact.ts';
import type { ActionOptions, CallOptions, ListMessagesQuery, ListOrdersQuery, RateLimitSnapshot, SellerApi } from './api.ts';
import { backoffDelayMs } from '../shared/backoff.ts';
import { abortableSleep, type Sleep } from '../shared/sleep.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.ts';
import { SellerApiError } from './errors.ts';
import { describeNetworkFailure } from './network-errors.ts';
import { rateLimitWaitMs, readRateLimit, type HeaderBag, type RateLimitReading } from './rate-limit.ts';
import { judgeAnswer, type PendingError, type Verdict } from './response.ts';
import {
  MessageDataSchema,
  type RepairedRecord,
  type SkippedRecord,
  MessagesPageDataSchema,
  OrderDataSchema,
  OrdersPageDataSchema,
  ProductsDataSchema,
  type OrderId,
} from './schemas.ts';
import { DEFAULT_DELIVER_FIELD, IDEMPOTENCY_HEADER, deliverBody, normaliseBaseUrl } from './spec-gaps.ts';

export interface SellerApiTimeouts {
  /** Establishing the TCP/TLS connection (only for the client's own agent). */
  connectMs: number;
  /** From sending the request to the response headers. */
  headersMs: number;
  /** Longest silence while reading the response body. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: SellerApiTimeouts = { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 };

export interface SellerApiClientOptions {
  /** Full base including `/v1`; a trailing slash is fine. */
  baseUrl: string;
  apiKey: string;
  logger: Logger;
  /** Body field carrying the issued value on deliver (docs/api-assumptions.md: deliver body field). */
  deliverField?: string;
  timeouts?: Partial<SellerApiTimeouts>;
  retry?: Partial<RetryPolicy>;
  /** Cap on one wait for a rate-limit window (429, or a budget known to be spent). */
  maxRateLimitWaitMs?: number;
  /** Wait after a 429 that carries neither `Retry-After` nor `RateLimit-Reset`. */
  defaultRateLimitWaitMs?: number;
  /**
   * When the last answer said `RateLimit-Remaining: 0`, wait for the reset before sending instead of
   * spending a request on a certain 429. Default true.
   */
  waitWhenBudgetSpent?: boolean;
  /** Your own undici dispatcher (a test double, a proxy agent). The client then neither creates nor closes one. */
  dispatcher?: Dispatcher;
  now?: () => number;
  sleep?: Sleep;
  /** Source of jitter, in [0, 1). */
  random?: () => number;
}

export interface SellerApiClient extends SellerApi {
  /** Closes the client's own connection pool (not an injected dispatcher). */
  close(): Promise<void>;
}

const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 60_000;
const DEFAULT_RATE_LIMIT_WAIT_MS = 1_000;
const USER_AGENT = 'seller-telegram-bridge';
/** No answer of this API comes near it; a runaway proxy body must not fill the memory of a small VPS. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

type Method = 'GET' | 'POST';

interface Call<T> {
  method: Method;
  /** Path below the base, e.g. `/orders/abc/take`, segments already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** JSON body; undefined sends none. */
  body?: unknown;
  schema: z.ZodType<T>;
  idempotencyKey?: string | undefined;
  /** Whether the request may be sent again after the store may have seen it. */
  repeatable: boolean;
  signal?: AbortSignal | undefined;
}

export function createSellerApiClient(options: SellerApiClientOptions): SellerApiClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const { apiKey } = options;
  const logger = options.logger.child({ component: 'seller-api' });
  const deliverField = options.deliverField ?? DEFAULT_DELIVER_FIELD;
  const timeouts: SellerApiTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const retry: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const rateLimitPolicy = {
    maxWaitMs: options.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS,
    defaultWaitMs: options.defaultRateLimitWaitMs ?? DEFAULT_RATE_LIMIT_WAIT_MS,
  };
  const waitWhenBudgetSpent = options.waitWhenBudgetSpent ?? true;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const ownAgent =
    options.dispatcher === undefined
      ? new Agent({
          connect: { timeout: timeouts.connectMs },
          headersTimeout: timeouts.headersMs,
          bodyTimeout: timeouts.bodyMs,
          maxResponseSize: MAX_RESPONSE_BYTES,
        })
      : undefined;
  const dispatcher: Dispatcher = options.dispatcher ?? (ownAgent as Dispatcher);

  let lastRateLimit: RateLimitSnapshot | undefined;
  let sent = 0;

  /** Belt and braces: nothing we build contains the key, but a server may echo it back in a body. */
  const redact = secretScrubber([apiKey]);

  async function call<T>(spec: Call<T>): Promise<T> {
    const url = buildUrl(baseUrl, spec.path, spec.query);
    const label = `${spec.method} ${spec.path}`;
    let delay = 0;
    for (let attempt = 1; ; attempt++) {
      delay = Math.max(delay, spentBudgetWait());
      if (delay > 0) await sleep(delay, spec.signal);
      const { verdict, rateLimit } = await attemptOnce(spec, url);
      if (verdict.kind === 'ok') return verdict.data;

      const { error } = verdict;
      const mayRetry =
        verdict.kind === 'rate-limited' || (verdict.kind === 'transient' && (spec.repeatable || !error.mayHaveReachedServer));
      if (!mayRetry || attempt >= retry.maxAttempts) throw toError(label, error, attempt);

      delay = retryDelay(verdict.kind, attempt, rateLimit);
      logger.debug({ request: label, attempt, code: error.code, status: error.status, delayMs: delay }, 'retrying Seller API request');
    }
  }

  async function attemptOnce<T>(spec: Call<T>, url: string): Promise<{ verdict: Verdict<T>; rateLimit?: RateLimitReading }> {
    spec.signal?.throwIfAborted();
    const sentCount = ++sent;
    try {
      const response = await request(url, {
        method: spec.method,
        headers: headersFor(spec),
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        dispatcher,
        signal: spec.signal,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
      });
      const body = await response.body.text();
      const rateLimit = readRateLimit(response.headers, now());
      // Answers to requests in flight together arrive in any order: an older request's `remaining` is higher, stale.
      if (rateLimit.snapshot !== undefined && sentCount > (lastRateLimit?.sentCount ?? 0))
        lastRateLimit = { ...rateLimit.snapshot, sentCount };
      const contentType = firstHeader(response.headers, 'content-type');
      const verdict = judgeAnswer({ status: response.statusCode, contentType, body }, spec.schema, (report) =>
        logger.warn(
          {
            request: `${spec.method} ${spec.path}`,
            status: response.statusCode,
            issues: report.issues?.slice(0, 5).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
            bodyStart: redact(body.slice(0, 120)),
          },
          `Seller API answered with ${report.reason}`,
        ),
      );
      if (verdict.kind === 'ok') reportOddRecords(spec, verdict.data);
      return { verdict, rateLimit };
    } catch (cause) {
      // An abort ends the call with the caller's reason, as fetch does; it is not the store's failure.
      if (spec.signal?.aborted) throw spec.signal.reason;
      const failure = describeNetworkFailure(cause);
      return {
        verdict: {
          kind: 'transient',
          error: { code: 'TRANSPORT', detail: failure.description, mayHaveReachedServer: failure.mayHaveReachedServer, cause },
        },
      };
    }
  }

  /**
   * An answer with records or fields that do not match the spec: the rest is used, the odd ones are logged by where
   * they were (paths, zod's words), never by value.
   */
  function reportOddRecords(spec: Call<unknown>, data: unknown): void {
    const { skipped, repaired } = (data ?? {}) as { skipped?: SkippedRecord[]; repaired?: RepairedRecord[] };
    const request = `${spec.method} ${spec.path}`;
    if (Array.isArray(skipped) && skipped.length > 0) {
      logger.warn(
        { request, skipped: skipped.slice(0, 5), skippedCount: skipped.length },
        'Seller API list had records that do not match the spec; they were skipped',
      );
    }
    if (Array.isArray(repaired) && repaired.length > 0) {
      logger.warn(
        { request, repaired: repaired.slice(0, 5), repairedCount: repaired.length },
        'Seller API records had fields that do not match the spec; those fields were dropped and the records kept',
      );
    }
  }

  function headersFor(spec: Call<unknown>): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${apiKey}`,
      accept: 'application/json',
      'user-agent': USER_AGENT,
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    if (spec.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = spec.idempotencyKey;
    return headers;
  }

  /**
   * A 429 waits for the window the answer names; a 5xx that names a `Retry-After` (a 503 during maintenance)
   * gets that, capped like a rate-limit wait; everything else backs off with jitter.
   */
  function retryDelay(kind: 'rate-limited' | 'transient' | 'final', attempt: number, reading: RateLimitReading | undefined): number {
    if (kind === 'rate-limited') {
      return rateLimitWaitMs(reading ?? { snapshot: undefined, retryAfterMs: undefined }, now(), rateLimitPolicy);
    }
    if (reading?.retryAfterMs !== undefined) return Math.min(reading.retryAfterMs, rateLimitPolicy.maxWaitMs);
    return backoffDelayMs(attempt, { baseMs: retry.baseDelayMs, maxMs: retry.maxDelayMs, random });
  }

  /** How long to hold a request because the last answer said the window's budget is spent. */
  function spentBudgetWait(): number {
    if (!waitWhenBudgetSpent || lastRateLimit?.remaining !== 0 || lastRateLimit.resetAt === undefined) return 0;
    const wait = Math.min(lastRateLimit.resetAt - now(), rateLimitPolicy.maxWaitMs);
    if (wait > 0) logger.debug({ delayMs: wait }, 'rate-limit budget spent: waiting for the window to reset');
    return Math.max(0, wait);
  }

  function toError(label: string, pending: PendingError, attempts: number): SellerApiError {
    const tries = attempts > 1 ? ` (gave up after ${attempts} attempts)` : '';
    return new SellerApiError(pending.code, redact(`${label}: ${pending.detail}${tries}`), {
      ...(pending.status === undefined ? {} : { status: pending.status }),
      ...(pending.apiCode === undefined ? {} : { apiCode: pending.apiCode }),
      attempts,
      mayHaveReachedServer: pending.mayHaveReachedServer,
      cause: pending.cause,
    });
  }

  const orderPath = (id: OrderId, action = '') => `/orders/${encodeURIComponent(id)}${action}`;

  return {
    async listProducts(opts: CallOptions = {}) {
      const data = await call({ method: 'GET', path: '/products', schema: ProductsDataSchema, repeatable: true, signal: opts.signal });
      return data.products;
    },

    listOrders(query: ListOrdersQuery = {}) {
      return call({
        method: 'GET',
        path: '/orders',
        query: { status: query.status, productId: query.productId, page: query.page, limit: query.limit },
        schema: OrdersPageDataSchema,
        repeatable: true,
        signal: query.signal,
      });
    },

    async getOrder(id, opts: CallOptions = {}) {
      const data = await call({ method: 'GET', path: orderPath(id), schema: OrderDataSchema, repeatable: true, signal: opts.signal });
      return data.order;
    },

    async takeOrder(id, opts: ActionOptions = {}) {
      // Spec 4.4 (docs/api-assumptions.md): no body.
      const data = await call({ method: 'POST', path: orderPath(id, '/take'), schema: OrderDataSchema, ...action(opts) });
      return data.order;
    },

    async deliverOrder(id, value, opts: ActionOptions = {}) {
      const data = await call({
        method: 'POST',
        path: orderPath(id, '/deliver'),
        body: deliverBody(deliverField, value),
        schema: OrderDataSchema,
        ...action(opts),
      });
      return data.order;
    },

    async cancelOrder(id, opts: ActionOptions = {}) {
      const data = await call({ method: 'POST', path: orderPath(id, '/cancel'), body: {}, schema: OrderDataSchema, ...action(opts) });
      return data.order;
    },

    listMessages(id, query: ListMessagesQuery = {}) {
      return call({
        method: 'GET',
        path: orderPath(id, '/messages'),
        query: { cursor: query.cursor, limit: query.limit },
        schema: MessagesPageDataSchema,
        repeatable: true,
        signal: query.signal,
      });
    },

    async postMessage(id, text, opts: ActionOptions = {}) {
      const data = await call({
        method: 'POST',
        path: orderPath(id, '/messages'),
        body: { text },
        schema: MessageDataSchema,
        idempotencyKey: opts.idempotencyKey,
        // The spec promises no idempotency here: never repeat once it may have arrived (docs/api-assumptions.md,
        // posting a message has no idempotency key).
        repeatable: false,
        signal: opts.signal,
      });
      return data.message;
    },

    rateLimit: () => lastRateLimit,
    requestCount: () => sent,

    async close() {
      await ownAgent?.close();
    },
  };
}

/** A keyed take/deliver/cancel is safe to repeat: the store acts once per key (spec 4.4, docs/api-assumptions.md). */
function action(opts: ActionOptions): Pick<Call<unknown>, 'idempotencyKey' | 'repeatable' | 'signal'> {
  return { idempotencyKey: opts.idempotencyKey, repeatable: opts.idempotencyKey !== undefined, signal: opts.signal };
}

function buildUrl(baseUrl: string, path: string, query: Call<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search === '' ? '' : `?${search}`}`;
}

function firstHeader(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
