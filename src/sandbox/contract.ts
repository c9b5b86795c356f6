/**
 * The sandbox store's public face: what tests, the benchmark, trial mode and `npm run sandbox` use.
 * The HTTP API under `/v1` follows the spec; the control surface lives under `/_sandbox`.
 */
import type { Logger } from 'pino';
import type { Message, Order, Product } from '../seller-api/schemas.ts';

/** A message as the sandbox writes it: always with its time (the bridge also copes with stores that leave it out). */
export type SandboxMessage = Message & { createdAt: string };

export interface RateLimitRule {
  /** Requests allowed per window, per key. */
  limit: number;
  windowMs: number;
}

export interface BuyerSimulation {
  /** Seed of the random generator: the same seed gives the same buyers, orders and texts. */
  seed: number;
  /** New paid orders per minute (Poisson arrivals). 0 disables. */
  ordersPerMinute: number;
  /** Buyer messages per minute across the store's open orders. 0 disables. */
  messagesPerMinute: number;
  /** Chance per minute that an awaiting_confirmation order is confirmed by its buyer. */
  confirmationsPerMinute: number;
}

export interface SandboxOptions {
  /** 0 (default) picks a free port on 127.0.0.1. */
  port?: number;
  host?: string;
  /** Per-key rate limit; absent means unlimited. */
  rateLimit?: RateLimitRule;
  /** Buyers acting on their own; absent means nothing happens unless a test asks. */
  buyers?: BuyerSimulation;
  /** Remembered idempotency keys expire after this long (default 24 h). */
  idempotencyTtlMs?: number;
  /** Clock for createdAt/takenAt etc.; tests may pin it. Default Date.now. */
  now?: () => number;
  /** Body field the deliver endpoint reads the issued value from (the spec leaves it open). Default: deliveredValue. */
  deliverField?: string;
  /** The longest issued value a Deliver may carry, in characters (code points); longer is VALIDATION_ERROR. Default: 10 000. */
  maxDeliveredValueChars?: number;
  /** Language of the demo products and buyer messages (trial mode passes BOT_LANGUAGE): en (default) or ru. */
  language?: string;
  /** Structured logs (requests, faults, stores); keys are never logged. Default: silent. */
  logger?: Logger;
}

/** A product as the store keeps it, with the switch that decides whether the API lists it. */
export type SandboxProduct = Product & { automationEnabled: boolean };

export interface SandboxStoreInfo {
  storeId: string;
  /** The plain key, shown once as in a real store; the sandbox keeps only its SHA-256. */
  apiKey: string;
}

export interface CreateOrderInput {
  storeId?: string;
  productId?: string;
  status?: string;
  quantity?: number;
  amount?: number;
  fieldValues?: { fieldId?: string; label?: string; value?: string }[];
  createdAt?: string;
}

export interface SandboxStats {
  /** Every request under /v1 by response status, e.g. {200: 120, 429: 3}. */
  byStatus: Record<number, number>;
  /** Requests per endpoint, e.g. {"GET /orders": 40}. */
  byRoute: Record<string, number>;
  total: number;
}

/** In-process control, the same operations as the HTTP control surface. */
export interface SandboxControl {
  /** A new store with one automation-enabled product (and one disabled), and its key. */
  createStore(options?: { name?: string; products?: number }): SandboxStoreInfo;
  products(storeId: string): Product[];
  /** Every product of the store, automation-disabled ones included (to test the API's filtering). */
  catalog(storeId: string): SandboxProduct[];
  createOrder(input?: CreateOrderInput): Order;
  /** Sets a status as the store website or the buyer would (no state-machine checks). */
  setOrderStatus(orderId: string, status: string): Order;
  /** The buyer confirms receipt: awaiting_confirmation → completed. */
  confirmReceipt(orderId: string): Order;
  postBuyerMessage(orderId: string, text: string, options?: { senderRole?: string; createdAt?: string }): SandboxMessage;
  order(orderId: string): (Order & { refunded: boolean }) | undefined;
  messages(orderId: string): SandboxMessage[];
  revokeKey(apiKey: string): void;
  /** Makes /v1 fail for a while: every request answers as given until `healAt` (ms since epoch) or `heal()`. */
  breakApi(mode: 'http503' | 'html' | 'hang' | 'reset', untilMs?: number): void;
  heal(): void;
  stats(): SandboxStats;
  resetStats(): void;
}

export interface SandboxHandle {
  /** Base URL including `/v1`, e.g. http://127.0.0.1:43121/v1 */
  baseUrl: string;
  /** The first store, created at start. */
  store: SandboxStoreInfo;
  control: SandboxControl;
  close(): Promise<void>;
}

export type StartSandbox = (options?: SandboxOptions) => Promise<SandboxHandle>;
