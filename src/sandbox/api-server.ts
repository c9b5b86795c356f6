/**
 * The `/v1` request pipeline: faults (as if in front of the server), per-key rate limit, auth,
 * routing, idempotent replay, then the route's handler. Every answer is counted in stats.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { ApiRoute } from './api-routes.ts';
import { SandboxError, isSandboxError } from './errors.ts';
import { answerFault, type Faults } from './faults.ts';
import { failureBody, matchPattern, readBody, sendJson, successBody } from './http.ts';
import type { IdempotencyCache } from './idempotency.ts';
import { hashApiKey } from './ids.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { StatsRecorder } from './stats.ts';
import type { StoreModel } from './store.ts';

export interface ApiServerDeps {
  routes: readonly ApiRoute[];
  store: StoreModel;
  /** Absent: unlimited, and no `RateLimit-*` headers. */
  limiter: RateLimiter | undefined;
  idempotency: IdempotencyCache;
  faults: Faults;
  stats: StatsRecorder;
  logger: Logger;
}

export type ApiHandler = (req: IncomingMessage, res: ServerResponse, segments: readonly string[], query: URLSearchParams) => void;

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

interface Matched {
  route: ApiRoute;
  params: Record<string, string>;
}

export function createApiHandler(deps: ApiServerDeps): ApiHandler {
  const { routes, store, limiter, idempotency, faults, stats, logger } = deps;

  function findRoute(method: string, segments: readonly string[]): Matched | undefined {
    for (const route of routes) {
      if (route.method !== method) continue;
      const params = matchPattern(route.pattern, segments);
      if (params) return { route, params };
    }
    return undefined;
  }

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    matched: Matched | undefined,
    routeName: string,
    query: URLSearchParams,
  ): Promise<void> {
    const headers: Record<string, string> = {};
    const send = (status: number, body: string, extra: Record<string, string> = {}): void => {
      stats.record(routeName, status);
      logger.debug({ route: routeName, status }, 'sandbox api response');
      sendJson(res, status, body, { ...headers, ...extra });
    };
    const fail = (error: SandboxError, extra?: Record<string, string>): void => send(error.httpStatus, failureBody(error), extra);

    try {
      const apiKey = presentedKey(req);
      const keyHash = apiKey === undefined ? undefined : hashApiKey(apiKey);
      if (limiter) {
        // Counted before auth, per presented key (as an edge limiter would); no key shares one bucket.
        const decision = limiter.consume(keyHash ?? 'anonymous');
        headers['ratelimit-limit'] = String(decision.limit);
        headers['ratelimit-remaining'] = String(decision.remaining);
        headers['ratelimit-reset'] = String(decision.resetSeconds);
        if (!decision.allowed) {
          fail(new SandboxError('RATE_LIMIT', 'request limit of this key exceeded'), {
            'retry-after': String(decision.resetSeconds),
          });
          return;
        }
      }
      const storeId = apiKey === undefined ? undefined : store.storeIdForKey(apiKey);
      if (storeId === undefined || keyHash === undefined) {
        fail(new SandboxError('API_KEY_INVALID', 'the API key is missing, wrong or revoked'));
        return;
      }
      if (!matched) {
        fail(new SandboxError('NOT_FOUND', `no endpoint ${method} ${req.url?.split('?')[0] ?? ''}`));
        return;
      }

      const body = method === 'POST' ? await readBody(req) : '';
      const replayKey = idempotencyCacheKey(req, keyHash, routeName, matched.params);
      const replay = replayKey === undefined ? undefined : idempotency.get(replayKey);
      if (replay) {
        send(replay.status, replay.body, { 'idempotent-replayed': 'true' });
        return;
      }
      // From here to `remember` nothing awaits: a concurrent repeat either finds the entry or runs first.
      const answer = runRoute(matched, { storeId, params: matched.params, query, body });
      if (replayKey !== undefined) idempotency.remember(replayKey, answer);
      send(answer.status, answer.body);
    } catch (error) {
      if (res.destroyed) {
        // The client went away (e.g. close() or an abort while its body was read): nothing to answer.
        stats.record(routeName, 0);
        return;
      }
      if (isSandboxError(error)) {
        fail(error);
        return;
      }
      logger.error({ err: error, route: routeName }, 'sandbox api handler failed');
      fail(new SandboxError('INTERNAL_ERROR', 'the sandbox failed to handle this request'));
    }
  }

  return (req, res, segments, query) => {
    const method = req.method ?? 'GET';
    const matched = findRoute(method, segments);
    const routeName = matched ? `${method} ${matched.route.pattern}` : `${method} (unmatched)`;
    const fault = faults.active();
    if (fault === 'hang') {
      let resumed = false;
      faults.hold(res, () => {
        resumed = true;
        void serve(req, res, method, matched, routeName, query);
      });
      res.once('close', () => {
        if (!resumed) stats.record(routeName, 0);
      });
      return;
    }
    if (fault) {
      answerFault(fault, req, res);
      stats.record(routeName, fault === 'reset' ? 0 : res.statusCode);
      return;
    }
    void serve(req, res, method, matched, routeName, query);
  };
}

/** Spec 5.5 (docs/api-assumptions.md): `Authorization: Bearer <key>` (preferred), else `X-API-Key: <key>`. */
function presentedKey(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  const bearer = authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (bearer) return bearer;
  const header = req.headers['x-api-key'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim() || undefined;
}

/** Scoped to the key and the request (method and path): the same Idempotency-Key on another order is another request. */
function idempotencyCacheKey(req: IncomingMessage, keyHash: string, routeName: string, params: Record<string, string>): string | undefined {
  if (req.method !== 'POST') return undefined;
  const header = req.headers['idempotency-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (value.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new SandboxError('VALIDATION_ERROR', `Idempotency-Key is longer than ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  return JSON.stringify([keyHash, routeName, params, value]);
}

function runRoute(matched: Matched, request: Parameters<ApiRoute['handle']>[0]): { status: number; body: string } {
  try {
    const result = matched.route.handle(request);
    return { status: result.status, body: successBody(result.data) };
  } catch (error) {
    if (!isSandboxError(error)) throw error;
    return { status: error.httpStatus, body: failureBody(error) };
  }
}
