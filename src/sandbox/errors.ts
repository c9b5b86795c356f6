/**
 * Errors of the sandbox store. The same value serves both faces: the `/v1` API answers with its
 * `code` in the failure envelope, the in-process control throws it, the HTTP control returns it.
 */

/** Codes of the spec (part 7, docs/api-assumptions.md), plus the sandbox's own for its routes and control surface. */
export type SandboxErrorCode =
  | 'API_KEY_INVALID'
  | 'RATE_LIMIT'
  | 'ORDER_NOT_FOUND'
  | 'ORDER_INVALID_STATUS'
  | 'VALIDATION_ERROR'
  | 'NOT_FOUND'
  | 'STORE_NOT_FOUND'
  | 'PRODUCT_NOT_FOUND'
  | 'KEY_NOT_FOUND'
  | 'FORBIDDEN'
  | 'INTERNAL_ERROR';

/**
 * HTTP statuses: the spec leaves all but 401 and 429 open; these are our choice (clients act on codes; see
 * docs/api-assumptions.md).
 * 404 for anything missing, 409 for a transition the status forbids, 400 for a bad request.
 */
const HTTP_STATUS: Record<SandboxErrorCode, number> = {
  API_KEY_INVALID: 401,
  RATE_LIMIT: 429,
  ORDER_NOT_FOUND: 404,
  ORDER_INVALID_STATUS: 409,
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  KEY_NOT_FOUND: 404,
  FORBIDDEN: 403,
  INTERNAL_ERROR: 500,
};

export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  readonly code: SandboxErrorCode;
  /** For a person reading the response; it never carries a key. */
  readonly detail: string;

  constructor(code: SandboxErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.code = code;
    this.detail = detail;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.code];
  }
}

export const isSandboxError = (error: unknown): error is SandboxError => error instanceof SandboxError;
