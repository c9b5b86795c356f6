/**
 * The control surface over HTTP, under `/_sandbox` (JSON, no auth, loopback only): the same
 * operations as the in-process `SandboxControl`, for a curious seller with curl or an outside test.
 * Answers use the API's envelope so one parser reads both.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { SandboxControl } from './contract.ts';
import { SandboxError, isSandboxError } from './errors.ts';
import { FAULT_MODES, type FaultMode } from './faults.ts';
import { failureBody, matchPattern, parseObjectBody, readBody, sendJson, successBody } from './http.ts';

const CreateStoreBody = z.object({
  name: z.string().min(1).max(200).optional(),
  products: z.number().int().min(1).max(50).optional(),
});

const CreateOrderBody = z.object({
  storeId: z.string().min(1).optional(),
  productId: z.string().min(1).optional(),
  status: z.string().min(1).optional(),
  quantity: z.number().int().positive().optional(),
  amount: z.number().nonnegative().optional(),
  fieldValues: z.array(z.object({ fieldId: z.string().optional(), label: z.string().optional(), value: z.string().optional() })).optional(),
  createdAt: z.string().min(1).optional(),
});

const SetStatusBody = z.object({ status: z.string().min(1) });

const BuyerMessageBody = z.object({
  text: z.string().min(1),
  senderRole: z.string().min(1).optional(),
  createdAt: z.string().min(1).optional(),
});

const RevokeKeyBody = z.object({ apiKey: z.string().min(1) });

/** `untilMs` is absolute (ms since epoch, as in `breakApi`); `forMs` is a convenience for people. */
const BreakBody = z.object({
  mode: z.enum(FAULT_MODES as [FaultMode, ...FaultMode[]]),
  untilMs: z.number().finite().optional(),
  forMs: z.number().finite().nonnegative().optional(),
});

interface ControlRoute {
  method: 'GET' | 'POST';
  pattern: string;
  handle(params: Record<string, string>, body: Record<string, unknown>): unknown;
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    // Paths and messages only: a value (e.g. an API key) is never echoed back.
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
    throw new SandboxError('VALIDATION_ERROR', problems.join('; '));
  }
  return result.data;
}

export function createControlRoutes(control: SandboxControl, now: () => number): ControlRoute[] {
  const id = (params: Record<string, string>, name: string): string => params[name] as string;
  const orderOrThrow = (orderId: string) => {
    const order = control.order(orderId);
    if (!order) throw new SandboxError('ORDER_NOT_FOUND', `no order ${orderId}`);
    return order;
  };
  return [
    { method: 'POST', pattern: '/stores', handle: (_, body) => ({ store: control.createStore(parse(CreateStoreBody, body)) }) },
    { method: 'GET', pattern: '/stores/{storeId}/products', handle: (params) => ({ products: control.products(id(params, 'storeId')) }) },
    { method: 'GET', pattern: '/stores/{storeId}/catalog', handle: (params) => ({ products: control.catalog(id(params, 'storeId')) }) },
    { method: 'POST', pattern: '/orders', handle: (_, body) => ({ order: control.createOrder(parse(CreateOrderBody, body)) }) },
    { method: 'GET', pattern: '/orders/{id}', handle: (params) => ({ order: orderOrThrow(id(params, 'id')) }) },
    {
      method: 'POST',
      pattern: '/orders/{id}/status',
      handle: (params, body) => ({ order: control.setOrderStatus(id(params, 'id'), parse(SetStatusBody, body).status) }),
    },
    { method: 'POST', pattern: '/orders/{id}/confirm', handle: (params) => ({ order: control.confirmReceipt(id(params, 'id')) }) },
    { method: 'GET', pattern: '/orders/{id}/messages', handle: (params) => ({ messages: control.messages(id(params, 'id')) }) },
    {
      method: 'POST',
      pattern: '/orders/{id}/messages',
      handle(params, body) {
        const { text, ...options } = parse(BuyerMessageBody, body);
        return { message: control.postBuyerMessage(id(params, 'id'), text, options) };
      },
    },
    {
      method: 'POST',
      pattern: '/keys/revoke',
      handle(_, body) {
        control.revokeKey(parse(RevokeKeyBody, body).apiKey);
        return { revoked: true };
      },
    },
    {
      method: 'POST',
      pattern: '/break',
      handle(_, body) {
        const { mode, untilMs, forMs } = parse(BreakBody, body);
        const until = untilMs ?? (forMs === undefined ? undefined : now() + forMs);
        control.breakApi(mode, until);
        return { mode, untilMs: until ?? null };
      },
    },
    {
      method: 'POST',
      pattern: '/heal',
      handle() {
        control.heal();
        return { healed: true };
      },
    },
    { method: 'GET', pattern: '/stats', handle: () => control.stats() },
    {
      method: 'POST',
      pattern: '/stats/reset',
      handle() {
        control.resetStats();
        return { reset: true };
      },
    },
  ];
}

export type ControlHandler = (req: IncomingMessage, res: ServerResponse, segments: readonly string[]) => void;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function createControlHandler(routes: readonly ControlRoute[]): ControlHandler {
  async function serve(req: IncomingMessage, res: ServerResponse, segments: readonly string[]): Promise<void> {
    try {
      // Unauthenticated by design, so only a process on this machine may use it.
      if (!LOOPBACK.test(req.socket.remoteAddress ?? '')) {
        throw new SandboxError('FORBIDDEN', 'the control surface answers loopback clients only');
      }
      const method = req.method ?? 'GET';
      const body = method === 'POST' ? parseObjectBody(await readBody(req)) : {};
      for (const route of routes) {
        if (route.method !== method) continue;
        const params = matchPattern(route.pattern, segments);
        if (!params) continue;
        sendJson(res, 200, successBody(route.handle(params, body)));
        return;
      }
      throw new SandboxError('NOT_FOUND', `no control operation ${method} /_sandbox/${segments.join('/')}`);
    } catch (error) {
      const failure = isSandboxError(error) ? error : new SandboxError('INTERNAL_ERROR', 'control operation failed');
      sendJson(res, failure.httpStatus, failureBody(failure));
    }
  }
  return (req, res, segments) => void serve(req, res, segments);
}
