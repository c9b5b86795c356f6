/**
 * Errors of the Seller API client. Each carries a `code` a person (or the outbox) can act on,
 * whether it is worth retrying, and never the API key.
 */

/** Codes the spec names (part 7, docs/api-assumptions.md). */
export const SPEC_ERROR_CODES = ['API_KEY_INVALID', 'RATE_LIMIT', 'ORDER_NOT_FOUND', 'ORDER_INVALID_STATUS', 'VALIDATION_ERROR'] as const;
export type SpecErrorCode = (typeof SPEC_ERROR_CODES)[number];

/**
 * - a spec code: the server said so in the envelope;
 * - `API_ERROR`: the envelope carried a code we do not know (kept in `apiCode`);
 * - `TRANSPORT`: network failure, timeout, or a body that is not the API's envelope (HTML from a proxy, empty…);
 * - `RETRIES_EXHAUSTED` is not a code: the last underlying error is thrown after the final attempt.
 */
export type SellerApiErrorCode = SpecErrorCode | 'API_ERROR' | 'TRANSPORT';

export interface SellerApiErrorInit {
  /** HTTP status when a response arrived. */
  status?: number;
  /** The raw `error.code` for `API_ERROR`. */
  apiCode?: string;
  /** How many attempts were made before giving up. */
  attempts?: number;
  /** Whether the request may have reached the server (matters for POSTs without an idempotency key). */
  mayHaveReachedServer?: boolean;
  cause?: unknown;
}

const HINTS: Record<SellerApiErrorCode, string> = {
  API_KEY_INVALID: 'the store API key is missing, wrong or revoked: create a new key in the store settings',
  RATE_LIMIT: 'the store API rate limit is exhausted: requests are paced and retried',
  ORDER_NOT_FOUND: 'no such order in this store',
  ORDER_INVALID_STATUS: "the order's status does not permit this action",
  VALIDATION_ERROR: 'the store refused the request body',
  API_ERROR: 'the store answered with an error code this bridge does not know',
  TRANSPORT: 'the store could not be reached or answered with something that is not its API',
};

export class SellerApiError extends Error {
  override readonly name = 'SellerApiError';
  readonly code: SellerApiErrorCode;
  readonly status: number | undefined;
  readonly apiCode: string | undefined;
  readonly attempts: number;
  readonly mayHaveReachedServer: boolean;

  constructor(code: SellerApiErrorCode, detail: string, init: SellerApiErrorInit = {}) {
    super(`${code}: ${detail}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.status = init.status;
    this.apiCode = init.apiCode;
    this.attempts = init.attempts ?? 1;
    this.mayHaveReachedServer = init.mayHaveReachedServer ?? true;
  }

  /** A sentence for a seller: what it means and what to do. */
  get hint(): string {
    return HINTS[this.code];
  }

  /** Worth trying again later (the outbox keeps such actions queued). */
  get transient(): boolean {
    // A spec code is the store's answer even when it comes with a 5xx; only an unknown code rides on the status.
    if (this.code === 'TRANSPORT' || this.code === 'RATE_LIMIT') return true;
    return this.code === 'API_ERROR' && this.status !== undefined && this.status >= 500;
  }

  /** The server gave a definitive answer about this request: retrying will not change it. */
  get definitive(): boolean {
    return !this.transient && this.code !== 'API_KEY_INVALID';
  }
}

export const isSellerApiError = (error: unknown): error is SellerApiError => error instanceof SellerApiError;

export const hasCode = (error: unknown, code: SellerApiErrorCode): error is SellerApiError =>
  isSellerApiError(error) && error.code === code;
